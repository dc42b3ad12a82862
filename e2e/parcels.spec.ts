import { expect, test } from './fixtures';
import { seriousViolations } from './axe';
import { okJson, rentedPiece } from './support';

/*
 * Parcels in the browser (decision 0061): two pieces booked by one member for the same day travel
 * in one parcel; staff pack and dispatch it once on the desk; the simulated carrier's signed
 * tracking events arrive over time; she follows them on her rental and gets a return label.
 */

test('staff dispatch a parcel of two pieces; she follows its tracking and gets a return label', async ({
  browser,
  baseURL,
}) => {
  const name = `Parcel Slip ${Date.now()}`;
  const { rentalId, holder, staff } = await rentedPiece(browser, baseURL, name, null);
  const second = `${name} Jacket`;
  const item = await okJson(
    await staff.request.post('/api/ops/items', {
      data: {
        name: second,
        brand: 'Khaite',
        category: 'Jackets',
        gender: 'Women',
        colour: 'black',
        tags: ['evening'],
        description: 'A cropped jacket in wool crepe.',
        retailPriceCents: 60_000,
        units: [{ size: 'M', count: 1 }],
      },
    }),
    201,
  );
  await okJson(await holder.request.post('/api/rentals', { data: { itemId: item.id, size: 'M' } }), 201);

  // The desk: one parcel with both pieces; packed, then dispatched once.
  const desk = (await okJson(await staff.request.get('/api/ops/parcels'))) as {
    parcels: { id: number; pieces: { rentalId: number }[] }[];
  };
  const parcelId = desk.parcels.find((p) => p.pieces.some((x) => x.rentalId === rentalId))!.id;
  await staff.goto('/ops');
  const parcel = staff.getByRole('article', { name: `Parcel ${parcelId} for Hana Holder` });
  await expect(parcel.getByRole('list', { name: `Pieces in parcel ${parcelId}` }).getByRole('listitem')).toHaveCount(2);
  await parcel.getByRole('button', { name: /^Mark packed/ }).click();
  await expect(parcel.getByText('Packed', { exact: true })).toBeVisible();
  await parcel.getByRole('button', { name: /^Dispatch parcel/ }).click();
  await expect(parcel.getByText(/Tracking RTQ/)).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  // She follows it: the carrier's events arrive one step apart, to delivered.
  await holder.goto(`/rentals/${rentalId}/parcels`);
  const outbound = holder.getByTestId('parcel-outbound');
  await expect(outbound.getByTestId('tracking-number')).toHaveText(/^RTQ/);
  await expect(outbound.getByRole('listitem').filter({ hasText: second })).toHaveCount(1);
  await expect(async () => {
    await holder.reload();
    await expect(holder.getByTestId('parcel-outbound').getByTestId('tracking-status')).toHaveText(/^Delivered/, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });

  // A return label for both pieces: its QR code to show or print.
  await holder.getByRole('checkbox', { name: new RegExp(second) }).check();
  await holder.getByRole('button', { name: 'Get a return label' }).click();
  const back = holder.getByTestId('parcel-return');
  await expect(back.getByRole('img', { name: /Return label QR code/ })).toBeVisible();
  await expect(back.getByText('2 pieces in this parcel')).toBeVisible();
  expect(await seriousViolations(holder)).toEqual([]);
});

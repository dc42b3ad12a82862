import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELIVERY_MESSAGES } from '@domain/orders';
import { ApiStub, apiError } from '../../../test/api-stub';
import { ADDRESS, STUDIOS } from '../../../test/fixtures';
import { dismissToasts, renderPage, settle, toasts } from '../../../test/render-page';
import AddressesPage from './addresses';

/** /account/addresses: her delivery address (add, edit) and her usual delivery or pickup. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

type Saved = { option: 'online' | 'in-store' | null; studioId: number | null };

function open(opts: { address?: typeof ADDRESS | { address: null; updatedAt: null }; pickup?: Saved } = {}) {
  const api = new ApiStub()
    .on('get', '/api/orders/delivery-address', opts.address ?? ADDRESS)
    .on('get', '/api/plans/pickup', { updatedAt: null, ...(opts.pickup ?? { option: 'online', studioId: null }) })
    .on('get', '/api/orders/studios', STUDIOS)
    .on('put', '/api/orders/delivery-address', ({ body }) => ({
      address: { ...body, line2: body.line2 ?? null, country: 'US' },
      updatedAt: '2026-12-01T10:00:00.000Z',
    }))
    .on('put', '/api/plans/pickup', ({ body }) => ({
      option: body.option,
      studioId: body.studioId ?? null,
      updatedAt: '2026-12-01T10:00:00.000Z',
    }));
  return renderPage(AddressesPage, { path: '/account/addresses', api });
}

const NO_ADDRESS = { address: null, updatedAt: null };
const addressForm = () => screen.getByRole('form', { name: 'Delivery address' });
const field = (name: string) => within(addressForm()).getByLabelText(name);
const choiceForm = () => screen.getByRole('form', { name: 'Delivery or pickup' });
const saveChoice = () => within(choiceForm()).getByRole('button', { name: 'Save my choice' });

describe('the delivery address', () => {
  it('without one: says so; an empty form is refused field by field, and nothing is sent', async () => {
    const { api, user } = open({ address: NO_ADDRESS });
    expect(
      await screen.findByText('You have no delivery address yet. Add one to have pieces delivered.'),
    ).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(field('Full name')).toHaveAccessibleDescription(DELIVERY_MESSAGES.required));
    expect(field('Street address')).toHaveAccessibleDescription(DELIVERY_MESSAGES.required);
    expect(field('City')).toHaveAccessibleDescription(DELIVERY_MESSAGES.required);
    expect(field('State')).toHaveAccessibleDescription(DELIVERY_MESSAGES.state);
    expect(field('ZIP code')).toHaveAccessibleDescription(DELIVERY_MESSAGES.zipCode);
    expect(field('Apartment, suite or floor (optional)')).not.toBeInvalid();
    expect(api.writes()).toEqual([]);
  });

  it('a ZIP code that is not one is refused; a good address is saved and then shown', async () => {
    const { api, user } = open({ address: NO_ADDRESS });
    await screen.findByRole('form', { name: 'Delivery address' });
    await user.type(field('Full name'), 'Willa Member');
    await user.type(field('Street address'), '5 Elm St');
    await user.type(field('City'), 'Brooklyn');
    await user.selectOptions(field('State'), 'NY');
    await user.type(field('ZIP code'), '1120');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(field('ZIP code')).toHaveAccessibleDescription(DELIVERY_MESSAGES.zipCode));
    expect(api.writes()).toEqual([]);
    await user.type(field('ZIP code'), '1');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByTestId('delivery-address')).toHaveTextContent('Willa Member5 Elm St, Brooklyn, NY 11201');
    expect(api.bodiesSent('put', '/api/orders/delivery-address')).toEqual([
      {
        recipientName: 'Willa Member',
        line1: '5 Elm St',
        city: 'Brooklyn',
        state: 'NY',
        zipCode: '11201',
        country: 'US',
      },
    ]);
  });

  it("the API's refusal of a field is shown beside it", async () => {
    const { api, user } = open();
    api.on(
      'put',
      '/api/orders/delivery-address',
      apiError(400, 'VALIDATION_FAILED', 'Invalid body: zipCode is not a New York ZIP code', {}, [
        { path: 'zipCode', message: 'is not a New York ZIP code' },
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Edit delivery address' }));
    expect(field('Street address')).toHaveValue('5 Elm St');
    expect(field('Apartment, suite or floor (optional)')).toHaveValue('Apt 2');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(field('ZIP code')).toHaveAccessibleDescription('is not a New York ZIP code'));
    await settle(); // an error toast is drawn once sonner has loaded
    expect(toasts()).toEqual([]);
  });

  it('Edit then Cancel shows the saved address again, unchanged', async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit delivery address' }));
    await user.clear(field('City'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('delivery-address')).toHaveTextContent('Brooklyn, NY 11201');
    expect(api.writes()).toEqual([]);
  });

  it('an address that cannot be loaded says so, with a retry that asks again', async () => {
    const { api, user } = open();
    api.on('get', '/api/orders/delivery-address', apiError(403, 'FORBIDDEN', 'No'));
    expect(await screen.findByText(/We could not load your address/)).toBeInTheDocument();
    api.on('get', '/api/orders/delivery-address', ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('delivery-address')).toBeInTheDocument();
  });
});

describe('delivery or pickup', () => {
  it('her saved choice is checked, and saving it unchanged is not offered', async () => {
    open();
    await screen.findByRole('form', { name: 'Delivery or pickup' });
    expect(within(choiceForm()).getByRole('radio', { name: 'Online Delivery' })).toBeChecked();
    expect(saveChoice()).toBeDisabled();
  });

  it('studio pickup: the first studio is proposed; the chosen one is saved, with a toast', async () => {
    const { api, user } = open();
    await screen.findByRole('form', { name: 'Delivery or pickup' });
    await user.click(within(choiceForm()).getByRole('radio', { name: 'In-Store Pickup' }));
    const studio = await within(choiceForm()).findByRole('combobox', { name: 'Studio' });
    expect(studio).toHaveValue('1');
    await user.selectOptions(studio, 'Williamsburg Studio');
    await user.click(saveChoice());
    await waitFor(() => expect(toasts()).toEqual(['Your choice is saved']));
    expect(api.bodiesSent('put', '/api/plans/pickup')).toEqual([{ option: 'in-store', studioId: 2 }]);
    await waitFor(() => expect(saveChoice()).toBeDisabled());
  });

  it('back to delivery from a studio posts delivery alone', async () => {
    const { api, user } = open({ pickup: { option: 'in-store', studioId: 2 } });
    await screen.findByRole('form', { name: 'Delivery or pickup' });
    expect(await within(choiceForm()).findByRole('combobox', { name: 'Studio' })).toHaveValue('2');
    await user.click(within(choiceForm()).getByRole('radio', { name: 'Online Delivery' }));
    await user.click(saveChoice());
    await waitFor(() => expect(api.bodiesSent('put', '/api/plans/pickup')).toEqual([{ option: 'online' }]));
  });

  it("a studio that is no more: the API's reason in a toast", async () => {
    const { api, user } = open();
    api.on('put', '/api/plans/pickup', apiError(400, 'VALIDATION_FAILED', DELIVERY_MESSAGES.noSuchStudio));
    await screen.findByRole('form', { name: 'Delivery or pickup' });
    await user.click(within(choiceForm()).getByRole('radio', { name: 'In-Store Pickup' }));
    await within(choiceForm()).findByRole('combobox', { name: 'Studio' });
    await user.click(saveChoice());
    await waitFor(() => expect(toasts()).toEqual([`Error${DELIVERY_MESSAGES.noSuchStudio}`]));
    expect(saveChoice()).toBeEnabled();
  });
});

import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiStub, apiError, type ApiBody } from '../../../test/api-stub';
import { renderPage, STAFF } from '../../../test/render-page';
import InventoryPage from './inventory';

/** /ops/inventory: every piece with its units per size and how many are out, a search, and more pages. */

vi.setConfig({ testTimeout: 30_000 });

afterEach(cleanup);

type Inventory = ApiBody<'get', '/api/ops/inventory'>;
type Piece = Inventory['items'][number];

const piece = (over: Partial<Piece> = {}): Piece => ({
  id: 90,
  name: 'Silk Tea Dress',
  brand: 'Rixo',
  category: 'Dresses',
  rentalPriceCents: 2_500,
  fromMember: false,
  status: 'active',
  sizes: [
    { size: 'S', units: 1, out: 0 },
    { size: 'M', units: 2, out: 1 },
  ],
  ...over,
});
const TOTALS = { items: 3, units: 5, out: 1 };

/** The first page holds the dress and a member's coat in review; the second, after id 91, a suit. */
function inventoryApi() {
  return new ApiStub().on('get', '/api/ops/inventory', ({ query }) => {
    const q = query.get('q') ?? '';
    if (q) return { items: [], nextAfter: null, totals: TOTALS };
    if (query.get('after') === '91')
      return { items: [piece({ id: 92, name: 'Linen Suit', sizes: [] })], nextAfter: null, totals: TOTALS };
    return {
      items: [
        piece(),
        piece({ id: 91, name: 'Wool Coat', brand: 'Wren', fromMember: true, status: 'pending_review', sizes: [] }),
      ],
      nextAfter: 91,
      totals: TOTALS,
    };
  });
}

function open(api = inventoryApi()) {
  return renderPage(InventoryPage, { user: STAFF, path: '/ops/inventory', api });
}

describe('the inventory', () => {
  it('lists each piece with its units per size (in, of all), its price, and badges; says the totals', async () => {
    open();
    const pieces = await screen.findByRole('list', { name: 'Pieces' });
    expect(screen.getByText('3 pieces, 5 units, 1 out with members today.')).toBeInTheDocument();
    expect(within(pieces).getByRole('link', { name: 'Silk Tea Dress' })).toHaveAttribute('href', '/ops/inventory/90');
    expect(pieces).toHaveTextContent('#90 · Rixo · Dresses · $25.00/week');
    const units = screen.getByRole('list', { name: 'Units of Silk Tea Dress' });
    expect(
      within(units)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['S 1/1 in', 'M 1/2 in']);
    const coat = within(pieces).getByRole('link', { name: 'Wool Coat' }).closest('li')!;
    expect(coat).toHaveTextContent('Member');
    expect(coat).toHaveTextContent('In review');
  });

  it('Show more asks for the page after the last id, and adds it', async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Linen Suit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Silk Tea Dress' })).toBeInTheDocument();
    expect(api.callsTo('get', '/api/ops/inventory').map((c) => c.query.get('after'))).toEqual([null, '91']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a search is sent as q; none found says so', async () => {
    const { api, user } = open();
    await screen.findByRole('list', { name: 'Pieces' });
    await user.type(screen.getByRole('searchbox', { name: 'Search pieces by name or brand' }), 'velvet');
    expect(await screen.findByText('No piece matches')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('get', '/api/ops/inventory').at(-1)!.query.get('q')).toBe('velvet'));
  });

  it('an inventory that cannot be loaded says so', async () => {
    open(new ApiStub().on('get', '/api/ops/inventory', apiError(403, 'FORBIDDEN', 'Staff only')));
    expect(await screen.findByText('The inventory could not be loaded')).toBeInTheDocument();
  });
});

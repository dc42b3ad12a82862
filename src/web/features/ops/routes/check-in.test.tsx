import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPS_MESSAGES } from '@domain/ops.rules';
import { UNIT_CODE_MESSAGE } from '@domain/unit-life';
import { ApiStub, apiError } from '../../../test/api-stub';
import { board, deskRental, unit, type Unit } from '../../../test/fixtures';
import { dismissToasts, renderPage, STAFF, toasts } from '../../../test/render-page';
import CheckInPage from './check-in';

/**
 * /ops/check-in: find a unit by its code, grade it and send it to cleaning or repair; the queues
 * of what is coming back and what waits in cleaning or repair. The unit's other moves:
 * unit-panel.test.tsx.
 */

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  dismissToasts();
  cleanup();
});

const RETURNING = deskRental({ rentalId: 304, itemName: 'Pleated Skirt', unitCode: 'RT-000045', status: 'returning' });
const IN_CLEANING = unit({ id: 46, code: 'RT-000046', itemName: 'Wool Coat', state: 'cleaning', rental: null });

/** The desk's API: today's board, the units in cleaning (and none in repair), and `scanned` (or the unit in cleaning) by its code. */
function deskApi(scanned: Unit = unit()) {
  return new ApiStub()
    .on('get', '/api/ops/today', board({ returning: [RETURNING], overdue: [RETURNING] }))
    .on('get', '/api/ops/units', ({ query }) => ({ units: query.get('state') === 'cleaning' ? [IN_CLEANING] : [] }))
    .on(
      'get',
      '/api/ops/units/{code}',
      ({ params }) =>
        [scanned, IN_CLEANING].find((u) => u.code === params.code) ??
        apiError(404, 'NOT_FOUND', OPS_MESSAGES.unitNotFound),
    );
}

function open(url = '/ops/check-in', api = deskApi()) {
  return renderPage(CheckInPage, { user: STAFF, path: '/ops/check-in', url, api });
}

const codeField = () => screen.getByRole('textbox', { name: 'Unit code' });
const checkInForm = () => screen.getByRole('form', { name: 'Check in' });

describe('finding a unit', () => {
  it('a code that is not one is refused beside the field, and nothing is looked up', async () => {
    const { api, user, location } = open();
    await user.type(codeField(), 'dress 42');
    await user.click(screen.getByRole('button', { name: 'Find unit' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`The code ${UNIT_CODE_MESSAGE}`);
    expect(codeField()).toHaveAccessibleDescription(`The code ${UNIT_CODE_MESSAGE}`);
    expect(codeField()).toBeInvalid();
    expect(location()).toBe('/ops/check-in');
    expect(api.callsTo('get', '/api/ops/units/{code}')).toEqual([]);
  });

  it('a code typed loosely opens the unit under its full code, in the URL', async () => {
    const { user, location } = open();
    await user.type(codeField(), 'rt42');
    await user.click(screen.getByRole('button', { name: 'Find unit' }));
    await waitFor(() => expect(location()).toBe('/ops/check-in?code=RT-000042'));
    expect(await screen.findByRole('heading', { name: 'Silk Tea Dress' })).toBeInTheDocument();
    expect(screen.getByTestId('unit-state')).toHaveTextContent('On its way back');
  });

  it('an unknown code says no unit has it', async () => {
    open('/ops/check-in?code=RT-000099');
    expect(await screen.findByText('No unit has the code RT-000099')).toBeInTheDocument();
  });
});

describe('the queues', () => {
  it('lists what is coming back once (a rental in two lists shows once), and the units in cleaning; repair is empty', async () => {
    const { user, location } = open();
    const coming = await screen.findByRole('list', { name: 'Coming back' });
    expect(within(coming).getAllByRole('article')).toHaveLength(1);
    const cleaning = await screen.findByRole('list', { name: 'In cleaning' });
    expect(cleaning).toHaveTextContent('Wool Coat · size M');
    expect(cleaning).toHaveTextContent('RT-000046');
    expect(await screen.findByText('Nothing is in repair.')).toBeInTheDocument();
    await user.click(within(coming).getByRole('button', { name: 'Check in Pleated Skirt (RT-000045)' }));
    await waitFor(() => expect(location()).toBe('/ops/check-in?code=RT-000045'));
    await user.click(within(cleaning).getByRole('button', { name: 'Open Wool Coat (RT-000046)' }));
    await waitFor(() => expect(location()).toBe('/ops/check-in?code=RT-000046'));
    expect(await screen.findByRole('heading', { name: 'Wool Coat' })).toBeInTheDocument();
  });
});

describe('checking a unit in', () => {
  it('asks for the grade first, and posts nothing without one', async () => {
    const { api, user } = open('/ops/check-in?code=RT-000042');
    await screen.findByRole('form', { name: 'Check in' });
    await user.click(within(checkInForm()).getByRole('button', { name: 'Check in' }));
    expect(within(checkInForm()).getByRole('alert')).toHaveTextContent('Grade the condition first');
    expect(api.writes()).toEqual([]);
  });

  it('graded good: to cleaning by default; posts the grade and says where it went', async () => {
    const api = deskApi().on('post', '/api/ops/units/{code}/check-in', ({ body }) => ({
      unit: unit({ state: body.to }),
      rental: deskRental({ checkedInAt: '2026-12-01T10:00:00.000Z' }),
    }));
    const { user } = open('/ops/check-in?code=RT-000042', api);
    await screen.findByRole('form', { name: 'Check in' });
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    expect(screen.getByRole('radio', { name: 'Cleaning' })).toBeChecked();
    await user.click(within(checkInForm()).getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(toasts()).toEqual([`${OPS_MESSAGES.checkedIn}Silk Tea Dress (RT-000042) is in cleaning.`]),
    );
    expect(api.bodiesSent('post', '/api/ops/units/{code}/check-in')).toEqual([{ condition: 'good', to: 'cleaning' }]);
    expect(api.callsTo('post', '/api/ops/units/RT-000042/check-in')).toHaveLength(1);
  });

  it('graded damaged: cleaning cannot be chosen; it goes to repair with the note, and the late fee is said', async () => {
    const api = deskApi().on('post', '/api/ops/units/{code}/check-in', {
      unit: unit({ state: 'repair' }),
      rental: deskRental({ lateFeeCents: 1_500, lateFeeStatus: 'due', daysLate: 3 }),
    });
    const { user } = open('/ops/check-in?code=RT-000042', api);
    await screen.findByRole('form', { name: 'Check in' });
    await user.click(screen.getByRole('radio', { name: 'Damaged' }));
    expect(screen.getByRole('radio', { name: 'Cleaning' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Repair' })).toBeChecked();
    expect(checkInForm()).toHaveTextContent(`${OPS_MESSAGES.conditionNeedsRepair}.`);
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), '  Torn hem  ');
    await user.click(within(checkInForm()).getByRole('button', { name: 'Check in' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        `${OPS_MESSAGES.checkedIn}Silk Tea Dress (RT-000042) is in repair. Late fee $15.00 (To be charged).`,
      ]),
    );
    expect(api.bodiesSent('post', '/api/ops/units/{code}/check-in')).toEqual([
      { condition: 'damaged', to: 'repair', note: 'Torn hem' },
    ]);
  });

  it('graded good but sent to repair by choice posts repair', async () => {
    const api = deskApi().on('post', '/api/ops/units/{code}/check-in', {
      unit: unit({ state: 'repair' }),
      rental: deskRental(),
    });
    const { user } = open('/ops/check-in?code=RT-000042', api);
    await screen.findByRole('form', { name: 'Check in' });
    await user.click(screen.getByRole('radio', { name: 'As new' }));
    await user.click(screen.getByRole('radio', { name: 'Repair' }));
    await user.click(within(checkInForm()).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(api.bodiesSent('post', '/api/ops/units/{code}/check-in')).toHaveLength(1));
    expect(api.bodiesSent('post', '/api/ops/units/{code}/check-in')[0]).toEqual({ condition: 'as_new', to: 'repair' });
  });

  it("a refused check-in shows the API's reason", async () => {
    const api = deskApi().on(
      'post',
      '/api/ops/units/{code}/check-in',
      apiError(409, 'CONFLICT', OPS_MESSAGES.unitChanged),
    );
    const { user } = open('/ops/check-in?code=RT-000042', api);
    await screen.findByRole('form', { name: 'Check in' });
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    await user.click(within(checkInForm()).getByRole('button', { name: 'Check in' }));
    await waitFor(() => expect(toasts()).toEqual([`Error${OPS_MESSAGES.unitChanged}`]));
  });

  it('a unit on the shelf has no check-in form', async () => {
    open('/ops/check-in?code=RT-000042', deskApi(unit({ state: 'available', rental: null })));
    expect(await screen.findByTestId('unit-state')).toHaveTextContent('On the shelf');
    expect(screen.queryByRole('form', { name: 'Check in' })).toBeNull();
  });
});

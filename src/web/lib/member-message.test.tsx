import { QueryClientProvider, useMutation, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster, toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorIssue } from '@domain/errors';
import { ApiClientError, createApi, unwrap, type Transport } from './api-client';
import { memberMessage } from './member-message';
import { apiOf, createQueryClient } from './query-client';

/**
 * The API's validation answers as the server words them (src/server/http/errors.ts's
 * validationError, the services' own "Invalid body: ..." and the catalogue's query checks), and
 * what a member reads instead.
 */
const SERVER_ANSWERS: { message: string; issues: ErrorIssue[]; shown: string }[] = [
  {
    message: 'Invalid body: delivery choose either online delivery or in-store pickup',
    issues: [{ path: 'delivery', message: 'Choose either online delivery or in-store pickup' }],
    shown: 'Choose either online delivery or in-store pickup.',
  },
  {
    message: 'Invalid body: studioId choose the studio to pick up from',
    issues: [{ path: 'studioId', message: 'Choose the studio to pick up from' }],
    shown: 'Choose the studio to pick up from.',
  },
  {
    message: 'Invalid body: studioId studioId must be a number',
    issues: [{ path: 'studioId', message: 'studioId must be a number' }],
    shown: 'Studio must be a number.',
  },
  {
    message: 'Invalid body: startDate must be today or later',
    issues: [{ path: 'startDate', message: 'must be today or later' }],
    shown: 'Start date must be today or later.',
  },
  {
    message: 'Invalid body: itemId invalid input: expected number, received string',
    issues: [{ path: 'itemId', message: 'Invalid input: expected number, received string' }],
    shown: 'Item is missing or not valid.',
  },
  {
    message: 'Invalid query parameter: size XL is not offered for this item',
    issues: [{ path: 'size', message: 'must be one of S, M' }],
    shown: 'Size must be one of S, M.',
  },
  { message: 'Invalid body: condition', issues: [], shown: 'Condition is missing or not valid.' },
  {
    message: 'Invalid body',
    issues: [],
    shown: 'Some of the details were not valid. Please check them and try again.',
  },
  {
    message: 'Invalid body: billingAddress.zipCode must be 5 digits',
    issues: [{ path: 'billingAddress.zipCode', message: 'must be 5 digits' }],
    shown: 'ZIP code must be 5 digits.',
  },
];

describe('memberMessage', () => {
  it.each(SERVER_ANSWERS)('$message -> $shown', ({ message, issues, shown }) => {
    expect(memberMessage(message, issues)).toBe(shown);
  });

  it("keeps the server's sentences as they are", () => {
    expect(memberMessage('This piece is sold out for those dates.')).toBe('This piece is sold out for those dates.');
    expect(memberMessage('Invalid email or password')).toBe('Invalid email or password');
  });
});

let transport: Transport = (request) => fetch(request);
let queryClient: QueryClient;
beforeEach(() => {
  queryClient = createQueryClient(createApi((request) => transport(request), 'http://localhost'));
});
afterEach(() => {
  toast.dismiss();
  cleanup();
  queryClient.clear();
});

function Confirm() {
  const m = useMutation({
    mutationFn: (_: void, { client }) =>
      unwrap(apiOf(client).POST('/api/waitlist/{id}/confirm', { params: { path: { id: '1' } }, body: {} })),
  });
  return <button onClick={() => m.mutate()}>Confirm</button>;
}

describe('no raw validation text reaches a toast', () => {
  it.each(SERVER_ANSWERS)('a 400 "$message" is toasted as a sentence', async ({ message, issues, shown }) => {
    transport = async () => Response.json({ error: { code: 'VALIDATION_FAILED', message, issues } }, { status: 400 });
    render(
      <QueryClientProvider client={queryClient}>
        <Confirm />
        <Toaster />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(shown)).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    const text = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent ?? '').join('\n');
    expect(text).not.toMatch(/Invalid (body|query|path|form)/);
    // The details stay for forms that mark their fields.
    const err = queryClient.getMutationCache().getAll()[0]?.state.error;
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).issues).toEqual(issues);
  });
});

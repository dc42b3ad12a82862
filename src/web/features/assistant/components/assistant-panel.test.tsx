import { ASSISTANT_GREETING, QUICK_SUGGESTIONS, type AssistantReply } from '@domain/assistant';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_REPLY_DELAY_MS } from '../lib/timings';
import { AssistantPanel } from './assistant-panel';

const JACKETS: AssistantReply = {
  kind: 'matches',
  reply: "Here are 2 black jackets under $10 I think you'll love:",
  filters: { category: 'Jackets', colour: 'black', maxPriceCents: 1000 },
  items: [
    {
      id: 12,
      name: 'Leather Biker Jacket',
      brand: 'AllSaints',
      category: 'Jackets',
      gender: 'Women',
      colour: 'black',
      rentalPriceCents: 799,
      imageUrl: '/api/items/12/image.svg',
    },
    {
      id: 31,
      name: 'Noir Blazer',
      brand: 'Max Mara',
      category: 'Jackets',
      gender: 'Women',
      colour: 'black',
      rentalPriceCents: 1000,
      imageUrl: '/api/items/31/image.svg',
    },
  ],
};

function renderPanel(ask: (m: string) => Promise<AssistantReply>) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AssistantPanel id="assistant" onClose={onClose} ask={ask} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onClose };
}

const input = () => screen.getByRole('textbox', { name: 'Message the stylist' });
const sendButton = () => screen.getByRole('button', { name: 'Send message' });
const log = () => screen.getByRole('log', { name: 'Conversation' });
const suggestions = () => screen.queryByRole('list', { name: 'Quick suggestions' });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('AssistantPanel', () => {
  it('opens with the greeting and quick suggestions; send is disabled for blank text', () => {
    renderPanel(vi.fn());
    expect(log()).toHaveTextContent(ASSISTANT_GREETING);
    expect(
      within(suggestions()!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...QUICK_SUGGESTIONS]);
    expect(input()).toHaveFocus();
    expect(sendButton()).toBeDisabled();
    fireEvent.change(input(), { target: { value: '   \n  ' } });
    expect(sendButton()).toBeDisabled();
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(log().querySelectorAll('p.sr-only')).toHaveLength(1); // still only the greeting
    fireEvent.change(input(), { target: { value: 'black jackets under $10' } });
    expect(sendButton()).toBeEnabled();
  });

  it('Enter sends; the reply arrives after about a second with a typing indicator meanwhile, and the suggestions go', async () => {
    const ask = vi.fn(async () => JACKETS);
    renderPanel(ask);
    fireEvent.change(input(), { target: { value: '  black jackets under $10 ' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(ask).toHaveBeenCalledWith('black jackets under $10');
    expect(log()).toHaveTextContent('You said:black jackets under $10');
    expect(input()).toHaveValue('');
    expect(suggestions()).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('The stylist is typing');
    expect(sendButton()).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(ASSISTANT_REPLY_DELAY_MS - 1));
    expect(log()).not.toHaveTextContent(JACKETS.reply);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(log()).toHaveTextContent(JACKETS.reply);
    expect(screen.queryByRole('status')).toBeNull();

    const cards = within(screen.getByRole('list', { name: 'Suggested pieces' })).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/item/12', '/item/31']);
    expect(cards[0]).toHaveTextContent('Leather Biker Jacket');
    expect(cards[0]).toHaveTextContent('$7.99 / week');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/api/items/12/image.svg');
  });

  it('Shift+Enter does not send', () => {
    const ask = vi.fn(async () => JACKETS);
    renderPanel(ask);
    fireEvent.change(input(), { target: { value: 'black jackets' } });
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(ask).not.toHaveBeenCalled();
    fireEvent.click(sendButton());
    expect(ask).toHaveBeenCalledWith('black jackets');
  });

  it('a quick suggestion sends itself', async () => {
    const ask = vi.fn(async () => JACKETS);
    renderPanel(ask);
    fireEvent.click(screen.getByRole('button', { name: QUICK_SUGGESTIONS[1] }));
    expect(ask).toHaveBeenCalledWith(QUICK_SUGGESTIONS[1]);
    expect(suggestions()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(ASSISTANT_REPLY_DELAY_MS));
    expect(log()).toHaveTextContent(JACKETS.reply);
  });

  it('waits for a slow server, and says so when the server fails', async () => {
    let resolve!: (r: AssistantReply) => void;
    const slow = new Promise<AssistantReply>((r) => (resolve = r));
    const ask = vi.fn().mockReturnValueOnce(slow).mockRejectedValueOnce(new Error('down'));
    renderPanel(ask);
    fireEvent.change(input(), { target: { value: 'hello' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(ASSISTANT_REPLY_DELAY_MS * 3));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => resolve({ kind: 'canned', reply: 'That sounds lovely!', filters: {}, items: [] }));
    expect(log()).toHaveTextContent('That sounds lovely!');

    fireEvent.change(input(), { target: { value: 'again' } });
    fireEvent.keyDown(input(), { key: 'Enter' });
    await act(() => vi.advanceTimersByTimeAsync(ASSISTANT_REPLY_DELAY_MS));
    expect(log()).toHaveTextContent("I couldn't reach the atelier just now.");
  });

  it('Escape closes the panel', () => {
    const { onClose } = renderPanel(vi.fn());
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});

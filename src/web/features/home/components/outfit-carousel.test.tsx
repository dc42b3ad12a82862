import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTFITS } from '../content/outfits';
import { CAROUSEL_INTERVAL_MS } from '../lib/timings';
import { OutfitCarousel } from './outfit-carousel';

// jsdom has no layout: give embla the few browser APIs it asks for (they observe nothing here).
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

const current = () =>
  screen.getAllByRole('button', { name: /^Show outfit/ }).findIndex((b) => b.getAttribute('aria-current') === 'true');

function renderCarousel() {
  return render(
    <MemoryRouter>
      <OutfitCarousel />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('OutfitCarousel', () => {
  it('shows the four outfits with name, creator, likes, category, two items, "+N more" and a rent button', () => {
    const { container } = renderCarousel();
    expect(OUTFITS).toHaveLength(4);
    expect(container.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(4);
    const first = screen.getByRole('group', { name: '1 of 4: The Boardroom Edit', hidden: true });
    expect(first).toHaveTextContent('Professional');
    expect(first).toHaveTextContent('Styled by Amelia Hart');
    expect(first).toHaveTextContent('342 likes');
    expect(first).toHaveTextContent('Max Mara Camel Wool Blazer');
    expect(first).toHaveTextContent('Theory Tailored Trousers');
    expect(first).not.toHaveTextContent('Gucci Horsebit Loafers');
    expect(first).toHaveTextContent('+2 more');
    expect(screen.getByRole('link', { name: 'Rent This Outfit: The Boardroom Edit' })).toHaveAttribute(
      'href',
      '/browse',
    );
    expect(['Professional', 'Casual Cool', 'Evening', 'Casual']).toEqual(OUTFITS.map((o) => o.category));
  });

  it('advances every 5 seconds and loops back to the first', async () => {
    renderCarousel();
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS - 1));
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 3));
    expect(current()).toBe(0);
  });

  it('holds still while hovered and resumes with a full interval after', async () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Outfits by our members' });
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS - 1000));
    fireEvent.mouseEnter(region);
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 4));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS - 1));
    expect(current()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toBe(1);
  });

  it('holds still while keyboard focus is inside, and moves with the buttons and dots', async () => {
    renderCarousel();
    const nextButton = screen.getByRole('button', { name: 'Next outfit' });
    act(() => nextButton.focus());
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS * 3));
    expect(current()).toBe(0);
    fireEvent.click(nextButton);
    expect(current()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Previous outfit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous outfit' }));
    expect(current()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Show outfit 3: Midnight Gala' }));
    expect(current()).toBe(2);
    // Focus leaving the carousel resumes the clock.
    act(() => nextButton.blur());
    await act(() => vi.advanceTimersByTimeAsync(CAROUSEL_INTERVAL_MS));
    expect(current()).toBe(3);
  });
});

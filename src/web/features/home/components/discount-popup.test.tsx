import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_KEYS } from '../../../lib/local-state';
import { DISCOUNT_POPUP_DELAY_MS } from '../lib/timings';
import './discount-dialog'; // loaded up front so the lazy import resolves at once
import { DiscountPopup, discountPopupWait } from './discount-popup';

function Harness({ signedIn, percent = 20 }: { signedIn: boolean | undefined; percent?: number }) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<DiscountPopup signedIn={signedIn} percent={percent} />} />
        <Route path="/signup" element={<h1>Sign up page</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

const renderPopup = (signedIn: boolean | undefined) => render(<Harness signedIn={signedIn} />);

const dialog = () => screen.queryByRole('dialog', { name: '20% off your first rental' });
const seenFlag = () => window.localStorage.getItem(LOCAL_KEYS.discountPopupSeen);

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  window.localStorage.clear();
  // performance.now() too: the popup counts from the navigation's start on the document's first page.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DiscountPopup', () => {
  // First in the file on purpose: only the document's first page counts from the navigation's
  // start (every later mount of the popup counts from its own arrival).
  it('on the page the document opened with, opens 2 s after the navigation started, not 2 s after hydration', async () => {
    // The app hydrated 1.5 s after the navigation started (performance.now() counts from there).
    await wait(1500);
    renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS - 1500 - 1);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).toBeInTheDocument();
  });

  it('counts the wait from the start of the document on its first page, from arrival after that', async () => {
    expect(discountPopupWait(2000, true, 800)).toBe(1200);
    expect(discountPopupWait(2000, true, 2600)).toBe(0);
    expect(discountPopupWait(2000, false, 800)).toBe(2000);
  });

  it('opens 2 s after load for a visitor; Maybe Later closes it and sets the seen flag', async () => {
    renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS - 1);
    expect(dialog()).toBeNull();
    await wait(1);
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Account Now' })).toHaveAttribute('href', '/signup');
    expect(seenFlag()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Maybe Later' }));
    await wait(0);
    expect(dialog()).toBeNull();
    expect(seenFlag()).toBe('true');
  });

  it('does not open again once the seen flag is set', async () => {
    window.localStorage.setItem(LOCAL_KEYS.discountPopupSeen, 'true');
    renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS * 5);
    expect(dialog()).toBeNull();
  });

  it('never opens for a signed-in member, and waits while the session is being read', async () => {
    const { unmount } = renderPopup(true);
    await wait(DISCOUNT_POPUP_DELAY_MS * 5);
    expect(dialog()).toBeNull();
    unmount();

    const pending = renderPopup(undefined);
    await wait(DISCOUNT_POPUP_DELAY_MS * 2);
    expect(dialog()).toBeNull();
    pending.rerender(<Harness signedIn={false} />);
    await wait(0);
    expect(dialog()).toBeInTheDocument();
  });

  it('Create Your Account Now goes to /signup and sets the flag', async () => {
    renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS);
    fireEvent.click(screen.getByRole('link', { name: 'Create Your Account Now' }));
    await wait(0);
    expect(screen.getByRole('heading', { name: 'Sign up page' })).toBeInTheDocument();
    expect(seenFlag()).toBe('true');
  });

  it('the close button and Escape dismiss it and set the flag', async () => {
    const first = renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await wait(0);
    expect(dialog()).toBeNull();
    expect(seenFlag()).toBe('true');
    first.unmount();

    window.localStorage.clear();
    renderPopup(false);
    await wait(DISCOUNT_POPUP_DELAY_MS);
    expect(dialog()).toBeInTheDocument();
    fireEvent.keyDown(dialog()!, { key: 'Escape' });
    await wait(0);
    expect(dialog()).toBeNull();
    expect(seenFlag()).toBe('true');
  });
  it('promises no offer the server does not make: with WELCOME_OFFER_PERCENT=0 it never opens', async () => {
    render(<Harness signedIn={false} percent={0} />);
    await wait(DISCOUNT_POPUP_DELAY_MS * 3);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMinimumDuration } from './min-duration';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('withMinimumDuration', () => {
  it('waits out the minimum when the work is quicker', async () => {
    let done = false;
    void withMinimumDuration(Promise.resolve('saved'), 1000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it("gives the work's value, and does not add to slow work", async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('saved'), 1500));
    const result = withMinimumDuration(slow, 1000);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(result).resolves.toBe('saved');
  });

  it('passes a failure on at once', async () => {
    const result = withMinimumDuration(Promise.reject(new Error('refused')), 1000);
    await expect(result).rejects.toThrow('refused');
  });
});

import { useEffect, useRef } from 'react';

/**
 * Calls `advance` every `intervalMs` while not paused. Pausing stops the clock; resuming starts a
 * fresh full interval (so a slide never jumps the moment the pointer leaves).
 */
export function useAutoAdvance(advance: () => void, intervalMs: number, paused: boolean): void {
  const latest = useRef(advance);
  useEffect(() => {
    latest.current = advance;
  });
  useEffect(() => {
    if (paused) return;
    const id = window.setInterval(() => latest.current(), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs, paused]);
}

import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endsAt` (ms), never negative. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** A seconds countdown (the resend wait of a one-time code): start(n), reset(), seconds left. */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [left, setLeft] = useState(0);

  const start = useCallback((seconds: number) => {
    const next = Date.now() + seconds * 1000;
    setEndsAt(next);
    setLeft(secondsLeft(next, Date.now()));
  }, []);

  const reset = useCallback(() => {
    setEndsAt(null);
    setLeft(0);
  }, []);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const next = secondsLeft(endsAt, Date.now());
      setLeft(next);
      if (next === 0) setEndsAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  return { left, running: left > 0, start, reset };
}

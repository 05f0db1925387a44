import { startTransition, useEffect, useState } from 'react';

/**
 * The first `first` items at once, the rest right after, `step` more at a time, each step a
 * transition. A page of 120 product cards is sent by the server and hydrated with its first
 * screens only (its HTML, style and layout cost on a slow phone are what delay the first paint);
 * the others are rendered by the browser just after in small commits, so no long task blocks a
 * tap meanwhile (one commit of 96 cards was a 200 ms task on Lighthouse's slow phone).
 */
export function useProgressiveList<T>(items: readonly T[], first: number, step = first): readonly T[] {
  const [shown, setShown] = useState<{ items: readonly T[]; count: number }>({ items, count: first });
  const current = shown.items === items ? shown : { items, count: first };
  useEffect(() => {
    if (current.count >= items.length) return;
    // After the browser has had a turn (paint, input), the next step.
    const timer = setTimeout(() => startTransition(() => setShown({ items, count: current.count + step })), 0);
    return () => clearTimeout(timer);
  }, [current.count, items, step]);
  return current.count >= items.length ? items : items.slice(0, current.count);
}

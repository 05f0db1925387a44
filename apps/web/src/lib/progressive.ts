import { startTransition, useEffect, useState } from 'react';

/**
 * The first `first` items at once, the rest right after in a transition. A page of 120 product
 * cards is sent by the server and hydrated with its first screens only (its HTML, style and layout
 * cost on a slow phone are what delay the first paint); the others are rendered by the browser
 * just after, in React's interruptible time slices, so no long task blocks a tap meanwhile.
 */
export function useProgressiveList<T>(items: readonly T[], first: number): readonly T[] {
  const [shown, setShown] = useState<{ items: readonly T[]; count: number }>({ items, count: first });
  const current = shown.items === items ? shown : { items, count: first };
  useEffect(() => {
    if (current.count >= items.length) return;
    startTransition(() => setShown({ items, count: items.length }));
  }, [current.count, items]);
  return current.count >= items.length ? items : items.slice(0, current.count);
}

import { useEffect } from 'react';
import { create } from 'zustand';

/**
 * A page may name itself more precisely than its route (a category's name, access denied).
 * The root layout applies the title rule to this override when one is set.
 */
export const usePageTitleStore = create<{ override: string | null }>()(() => ({ override: null }));

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    usePageTitleStore.setState({ override: title });
    return () => usePageTitleStore.setState({ override: null });
  }, [title]);
}

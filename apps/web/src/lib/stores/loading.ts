import { create } from 'zustand';

/** Global loading overlay (docs/requirements.md, Data: isLoading, loadingText). Nested shows are counted. */
interface LoadingState {
  isLoading: boolean;
  loadingText: string | undefined;
  count: number;
  show: (text?: string) => void;
  hide: () => void;
}

export const useLoadingStore = create<LoadingState>()((set) => ({
  isLoading: false,
  loadingText: undefined,
  count: 0,
  show: (text) => set((s) => ({ count: s.count + 1, isLoading: true, loadingText: text ?? s.loadingText })),
  hide: () =>
    set((s) => {
      const count = Math.max(0, s.count - 1);
      return count === 0 ? { count, isLoading: false, loadingText: undefined } : { count };
    }),
}));

/** Shows the overlay while `work` runs. */
export async function withLoading<T>(work: () => Promise<T>, text?: string): Promise<T> {
  useLoadingStore.getState().show(text);
  try {
    return await work();
  } finally {
    useLoadingStore.getState().hide();
  }
}

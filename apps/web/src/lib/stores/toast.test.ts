import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_TIMEOUT_MS } from '@cubeshop/shared';
import { toast, useToastStore } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('defaults: 3000 ms, auto-dismiss, top-center, type default', () => {
    useToastStore.getState().show({ message: 'Hello' });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ type: 'default', position: 'top-center', timeout: 3000, autoDismiss: true, message: 'Hello' });
    expect(TOAST_TIMEOUT_MS).toBe(3000);
  });

  it('dismisses after the timeout and runs onClose once', () => {
    const onClose = vi.fn();
    toast.success('Saved', { onClose });
    vi.advanceTimersByTime(2999);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('honours a custom timeout, and autoDismiss false keeps it until closed', () => {
    toast.error('Slow', { timeout: 5000 });
    const sticky = toast.info('Sticky', { autoDismiss: false });
    vi.advanceTimersByTime(4999);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Slow', 'Sticky']);
    vi.advanceTimersByTime(60_000);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Sticky']);
    toast.dismiss(sticky);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('accepts the four positions and falls back to the store default otherwise', () => {
    for (const position of ['top-right', 'top-center', 'bottom-right', 'center']) {
      toast.warning('x', { position });
    }
    toast.warning('y', { position: 'bottom-left' });
    expect(useToastStore.getState().toasts.map((t) => t.position)).toEqual(['top-right', 'top-center', 'bottom-right', 'center', 'top-center']);
    useToastStore.setState({ defaultPosition: 'top-right' });
    toast.show({ message: 'z', position: 'nowhere', type: 'nonsense' as never });
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ position: 'top-right', type: 'default' });
    useToastStore.setState({ defaultPosition: 'top-center' });
  });

  it('has the five types', () => {
    toast.success('a');
    toast.error('b');
    toast.warning('c');
    toast.info('d');
    toast.message('e');
    expect(useToastStore.getState().toasts.map((t) => t.type)).toEqual(['success', 'error', 'warning', 'info', 'default']);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alertDialog, confirmDialog, useModalStore } from './modal';

beforeEach(() => {
  useModalStore.setState({ isOpen: false, options: {} });
});

describe('modal store cancel semantics', () => {
  it('confirm runs onConfirm only', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    useModalStore.getState().open({ title: 'Delete?', onConfirm, onCancel });
    useModalStore.getState().confirm();
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(useModalStore.getState().isOpen).toBe(false);
  });

  it('any other close runs onCancel, once', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    useModalStore.getState().open({ onConfirm, onCancel });
    useModalStore.getState().cancel();
    useModalStore.getState().cancel();
    useModalStore.getState().confirm();
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('a modal replacing an open one cancels the first', () => {
    const firstCancel = vi.fn();
    useModalStore.getState().open({ title: 'first', onCancel: firstCancel });
    useModalStore.getState().open({ title: 'second' });
    expect(firstCancel).toHaveBeenCalledTimes(1);
    expect(useModalStore.getState().options.title).toBe('second');
  });

  it('fills the defaults', () => {
    useModalStore.getState().open({ message: 'hi' });
    expect(useModalStore.getState().options).toMatchObject({ type: 'info', showButtons: true, showCancelButton: true, showConfirmButton: true });
  });

  it('confirmDialog resolves true on confirm and false on cancel; alertDialog has no cancel button', async () => {
    const yes = confirmDialog({ message: 'Sure?' });
    useModalStore.getState().confirm();
    await expect(yes).resolves.toBe(true);
    const no = confirmDialog({ message: 'Sure?' });
    useModalStore.getState().cancel();
    await expect(no).resolves.toBe(false);
    const done = alertDialog({ message: 'Done' });
    expect(useModalStore.getState().options.showCancelButton).toBe(false);
    useModalStore.getState().cancel();
    await expect(done).resolves.toBeUndefined();
  });
});

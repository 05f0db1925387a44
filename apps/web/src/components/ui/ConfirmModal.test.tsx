import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useModalStore } from '@/lib/stores/modal';
import { ConfirmModal } from './ConfirmModal';

beforeEach(() => {
  useModalStore.setState({ isOpen: false, options: {} });
});

function setup(options: Parameters<ReturnType<typeof useModalStore.getState>['open']>[0]) {
  const opener = document.createElement('button');
  opener.textContent = 'open';
  document.body.appendChild(opener);
  opener.focus();
  render(<ConfirmModal />);
  act(() => useModalStore.getState().open(options));
  return { opener };
}

describe('ConfirmModal', () => {
  it('shows title, message and the fallback button texts', () => {
    setup({ message: 'Remove this address?' });
    const dialog = screen.getByRole('alertdialog', { name: 'Notification' });
    expect(dialog).toHaveTextContent('Remove this address?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('Escape cancels, and focus goes back to where it was', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    const { opener } = setup({ title: 'Delete', message: 'Sure?', onCancel, onConfirm });
    // What counts is that the focus is inside the dialog, whichever control has it.
    // eslint-disable-next-line testing-library/no-node-access
    expect(screen.getByRole('alertdialog')).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('the overlay and the x button cancel; confirm confirms', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    setup({ onCancel, onConfirm, confirmButtonText: 'Delete', cancelButtonText: 'Keep' });
    await userEvent.click(screen.getByTestId('dialog-overlay'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    act(() => useModalStore.getState().open({ onCancel, onConfirm }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    act(() => useModalStore.getState().open({ onCancel, onConfirm, confirmButtonText: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog', async () => {
    setup({ message: 'x' });
    const dialog = screen.getByRole('alertdialog');
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      // eslint-disable-next-line testing-library/no-node-access -- whichever control has the focus, it is inside the dialog
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('can hide the buttons', () => {
    setup({ message: 'x', showButtons: false });
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });
});

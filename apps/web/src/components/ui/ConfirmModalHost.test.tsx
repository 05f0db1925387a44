import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useModalStore } from '@/lib/stores/modal';
import { ConfirmModalHost } from './ConfirmModalHost';

beforeEach(() => {
  useModalStore.setState({ isOpen: false, options: {} });
});

describe('ConfirmModalHost', () => {
  it('renders nothing until the store opens, then the modal (its code loaded on demand), again and again', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'open';
    document.body.appendChild(opener);
    opener.focus();
    const { container } = render(<ConfirmModalHost />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const onConfirm = vi.fn();
    act(() => useModalStore.getState().open({ title: 'Delete', message: 'Sure?', onConfirm }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete' })).toHaveTextContent('Sure?');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    act(() => useModalStore.getState().open({ message: 'Again?' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Again?');
    opener.remove();
  });
});

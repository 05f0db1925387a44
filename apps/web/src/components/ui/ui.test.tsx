import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLoadingStore, withLoading } from '@/lib/stores/loading';
import { toast, useToastStore } from '@/lib/stores/toast';
import { LoadingOverlay } from './LoadingOverlay';
import { Menu, menuItemClass } from './Menu';
import { Toaster } from './Toaster';

describe('Toaster', () => {
  beforeEach(() => useToastStore.getState().clear());

  it('announces errors and warnings as alerts, the rest as status, each in its position', async () => {
    render(<Toaster />);
    act(() => {
      toast.error('Server internal error');
      toast.success('Saved', { position: 'bottom-right' });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Server internal error');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved');
    // A toast's place on screen is its stack's (data-position): layout, with no role or text to query.
    /* eslint-disable testing-library/no-node-access */
    expect(status.parentElement).toHaveAttribute('data-position', 'bottom-right');
    expect(screen.getByRole('alert').parentElement).toHaveAttribute('data-position', 'top-center');
    /* eslint-enable testing-library/no-node-access */
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the generic title when a toast has no text', () => {
    render(<Toaster />);
    act(() => void toast.show({ type: 'info' }));
    expect(screen.getByRole('status')).toHaveTextContent('Notification');
  });
});

describe('LoadingOverlay', () => {
  it('covers the page while loading, with the default or given text', async () => {
    render(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    let finish!: () => void;
    let pending!: Promise<void>;
    act(() => {
      pending = withLoading(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveClass('fixed', 'inset-0');
    expect(overlay).toHaveTextContent('Loading...');
    act(() => useLoadingStore.getState().show('Placing order'));
    expect(overlay).toHaveTextContent('Placing order');
    act(() => useLoadingStore.getState().hide());
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    await act(async () => {
      finish();
      await pending;
    });
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
  });
});

describe('Menu', () => {
  it('opens with the keyboard, moves with arrows, closes with Escape back to its button', async () => {
    const onPick = vi.fn();
    render(
      <Menu label="Currency">
        {(close) => (
          <>
            <button type="button" role="menuitem" className={menuItemClass} onClick={() => (onPick('CNY'), close())}>
              CNY
            </button>
            <button type="button" role="menuitem" className={menuItemClass} onClick={() => (onPick('USD'), close())}>
              USD
            </button>
          </>
        )}
      </Menu>,
    );
    const button = screen.getByRole('button', { name: 'Currency' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'CNY' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'USD' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith('USD');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

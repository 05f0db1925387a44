import { create } from 'zustand';

/** Modal notification (docs/requirements.md, Data): a confirm or an alert. */
export type TModalType = 'info' | 'success' | 'warning' | 'error' | 'confirm';

export interface ModalOptions {
  type?: TModalType;
  title?: string;
  message?: string;
  showButtons?: boolean;
  showCancelButton?: boolean;
  showConfirmButton?: boolean;
  cancelButtonText?: string;
  confirmButtonText?: string;
  /** Extra classes for the confirm button, e.g. a danger colour for deletes. */
  confirmButtonClass?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
}

export interface ModalState {
  isOpen: boolean;
  options: ModalOptions;
  open: (options: ModalOptions) => void;
  /** The confirm button: runs onConfirm, closes. */
  confirm: () => void;
  /** Any other way out (cancel button, x, Escape, overlay, a new modal replacing it): runs onCancel. */
  cancel: () => void;
}

export const useModalStore = create<ModalState>()((set, get) => ({
  isOpen: false,
  options: {},
  open: (options) => {
    // A modal opened over another one closes the first "by other means": its cancel runs.
    if (get().isOpen) get().cancel();
    set({ isOpen: true, options: { type: 'info', showButtons: true, showCancelButton: true, showConfirmButton: true, ...options } });
  },
  confirm: () => {
    const { isOpen, options } = get();
    if (!isOpen) return;
    set({ isOpen: false, options: {} });
    options.onConfirm?.();
  },
  cancel: () => {
    const { isOpen, options } = get();
    if (!isOpen) return;
    set({ isOpen: false, options: {} });
    options.onCancel?.();
  },
}));

/** Asks a question; resolves true on confirm, false on any other close. */
export function confirmDialog(options: Omit<ModalOptions, 'onConfirm' | 'onCancel'>): Promise<boolean> {
  return new Promise((resolve) => {
    useModalStore.getState().open({
      type: 'confirm',
      ...options,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

/** Shows a message with one button; resolves when it is closed by any means. */
export function alertDialog(options: Omit<ModalOptions, 'onConfirm' | 'onCancel' | 'showCancelButton'>): Promise<void> {
  return new Promise((resolve) => {
    useModalStore.getState().open({
      type: 'info',
      ...options,
      showCancelButton: false,
      onConfirm: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}

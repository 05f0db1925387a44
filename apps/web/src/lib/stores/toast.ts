import { create } from 'zustand';
import { TOAST_TIMEOUT_MS } from '@cubeshop/shared';

/** Toast notification (docs/requirements.md, Data). */
export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const;
export type TToastType = (typeof TOAST_TYPES)[number];
export const TOAST_POSITIONS = ['top-right', 'top-center', 'bottom-right', 'center'] as const;
export type TToastPosition = (typeof TOAST_POSITIONS)[number];

export interface Toast {
  id: number;
  type: TToastType;
  title?: string | undefined;
  message: string;
  position: TToastPosition;
  timeout: number;
  autoDismiss: boolean;
  onClose?: (() => void) | undefined;
}

export interface ToastInput {
  type?: TToastType | undefined;
  title?: string | undefined;
  message?: string | undefined;
  /** Any other value falls back to the store's default position. */
  position?: string | undefined;
  timeout?: number | undefined;
  autoDismiss?: boolean | undefined;
  onClose?: (() => void) | undefined;
}

interface ToastState {
  toasts: Toast[];
  defaultPosition: TToastPosition;
  show: (input: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

function isPosition(value: unknown): value is TToastPosition {
  return typeof value === 'string' && (TOAST_POSITIONS as readonly string[]).includes(value);
}

function isType(value: unknown): value is TToastType {
  return typeof value === 'string' && (TOAST_TYPES as readonly string[]).includes(value);
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  defaultPosition: 'top-center',
  show: (input) => {
    const id = nextId++;
    const toast: Toast = {
      id,
      type: isType(input.type) ? input.type : 'default',
      title: input.title,
      message: input.message ?? '',
      position: isPosition(input.position) ? input.position : get().defaultPosition,
      timeout: input.timeout !== undefined && input.timeout > 0 ? input.timeout : TOAST_TIMEOUT_MS,
      autoDismiss: input.autoDismiss ?? true,
      onClose: input.onClose,
    };
    set((state) => ({ toasts: [...state.toasts, toast] }));
    if (toast.autoDismiss)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), toast.timeout),
      );
    return id;
  },
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    const toast = get().toasts.find((t) => t.id === id);
    if (!toast) return;
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
    toast.onClose?.();
  },
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

type Shortcut = (message: string, options?: Omit<ToastInput, 'type' | 'message'>) => number;
const shortcut =
  (type: TToastType): Shortcut =>
  (message, options) =>
    useToastStore.getState().show({ ...options, type, message });

/** toast.success('Saved'), toast.error(...), toast.warning(...), toast.info(...), toast.show({...}) */
export const toast = {
  show: (input: ToastInput) => useToastStore.getState().show(input),
  success: shortcut('success'),
  error: shortcut('error'),
  warning: shortcut('warning'),
  info: shortcut('info'),
  message: shortcut('default'),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};

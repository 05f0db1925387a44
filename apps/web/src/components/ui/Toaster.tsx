import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToastStore, type TToastPosition, type TToastType, type Toast } from '@/lib/stores/toast';
import { cn } from './cn';

const positionClasses: Record<TToastPosition, string> = {
  // --toast-top: set by a frame with a bar of its own at the top (the staff app), else 1rem.
  'top-right': 'top-[var(--toast-top,1rem)] right-4 items-end',
  'top-center': 'top-[var(--toast-top,1rem)] left-1/2 -translate-x-1/2 items-center',
  'bottom-right': 'bottom-4 right-4 items-end',
  center: 'top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 items-center',
};

const typeStyles: Record<TToastType, { box: string; icon: typeof Info | null }> = {
  success: { box: 'border-green-200 bg-green-50 text-green-900', icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-900', icon: CircleAlert },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', icon: TriangleAlert },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', icon: Info },
  default: { box: 'border-gray-200 bg-white text-ink', icon: null },
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation('common');
  const dismiss = useToastStore((s) => s.dismiss);
  const { box, icon: Icon } = typeStyles[toast.type];
  const urgent = toast.type === 'error' || toast.type === 'warning';
  const heading = toast.title || (toast.message ? undefined : t('ui.notification'));
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      className={cn('pointer-events-auto flex w-[min(24rem,calc(100vw-2rem))] items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg', box)}
    >
      {Icon ? <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" /> : null}
      <div className="min-w-0 flex-1 break-words">
        {heading ? <p className="font-semibold">{heading}</p> : null}
        {toast.message ? <p>{toast.message}</p> : null}
      </div>
      <button type="button" onClick={() => dismiss(toast.id)} aria-label={t('ui.close')} className="-m-1 rounded p-1 opacity-70 hover:opacity-100">
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Renders the toast store, one stack per position. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const positions = Object.keys(positionClasses) as TToastPosition[];
  return (
    <>
      {positions.map((position) => {
        const items = toasts.filter((toast) => toast.position === position);
        if (items.length === 0) return null;
        return (
          <div key={position} data-position={position} className={cn('pointer-events-none fixed z-[90] flex flex-col gap-2', positionClasses[position])}>
            {items.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </>
  );
}

import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { focusableIn, trapTab } from './focus';

export interface DialogProps {
  open: boolean;
  /** Escape, the overlay or the x button. */
  onClose: () => void;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Show the x button in the corner (default true). */
  closeButton?: boolean;
  /** role="alertdialog" for confirms and alerts. */
  role?: 'dialog' | 'alertdialog';
  /** Element to focus first (else the first focusable one). */
  initialFocus?: RefObject<HTMLElement | null>;
  describedBy?: string;
}

/**
 * Modal dialog: overlay, Escape and x close it, Tab stays inside, focus returns to where it was.
 */
export function Dialog({ open, onClose, title, children, className, closeButton = true, role = 'dialog', initialFocus, describedBy }: DialogProps) {
  const { t } = useTranslation('common');
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocus?.current ?? (panel ? focusableIn(panel)[0] : undefined) ?? panel;
    target?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      if (previous && document.contains(previous)) previous.focus();
    };
  }, [open, initialFocus]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[80] flex items-center justify-center p-4">
      <div data-testid="dialog-overlay" className="absolute inset-0 bg-black/50" onClick={() => onClose()} aria-hidden="true" />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn('relative max-h-[calc(100vh-2rem)] w-full max-w-md overflow-y-auto rounded-lg bg-white p-5 shadow-xl', className)}
      >
        {title ? (
          <h2 id={titleId} className="pr-8 text-lg font-semibold text-ink">
            {title}
          </h2>
        ) : null}
        {closeButton ? (
          <button
            type="button"
            onClick={() => onClose()}
            aria-label={t('ui.close')}
            className="absolute top-3 right-3 rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-ink"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

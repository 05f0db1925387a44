import { useEffect, useRef, useState } from 'react';
import { LayoutGrid, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { trapTab } from '@/components/ui/focus';
import { CategoryNav } from '@/features/catalog/components/CategoryNav';

/** Desktop: a sticky panel left of the content (lg and up). */
export function DesktopSidebar() {
  return (
    <aside className="hidden w-60 shrink-0 lg:block">
      <div className="sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto rounded-lg border border-gray-200 bg-white p-3">
        <CategoryNav />
      </div>
    </aside>
  );
}

/** Mobile: a "Categories" button opening a slide-in drawer with an overlay and a close button. */
export function MobileSidebar() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const button = buttonRef.current;
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
      else if (panelRef.current) trapTab(event, panelRef.current);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      button?.focus();
    };
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={open}
        aria-controls="category-drawer"
        className="mb-3 inline-flex h-9 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        <LayoutGrid aria-hidden="true" className="size-4" />
        {t('sidebar.open')}
      </button>
      {open ? (
        <div className="fixed inset-0 z-50">
          <div className="absolute inset-0 bg-black/40" aria-hidden="true" data-testid="drawer-overlay" onClick={() => setOpen(false)} />
          <div
            ref={panelRef}
            id="category-drawer"
            role="dialog"
            aria-modal="true"
            aria-label={t('sidebar.title')}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] animate-[drawer-in_150ms_ease-out] flex-col bg-white shadow-xl"
          >
            <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
              <span className="font-semibold">{t('sidebar.title')}</span>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label={t('sidebar.close')}
                className="rounded p-1 text-gray-500 hover:bg-gray-100 hover:text-ink"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <div className="flex-1 overflow-y-auto p-3">
              <CategoryNav />
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}

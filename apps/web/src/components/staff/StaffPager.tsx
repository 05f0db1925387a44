import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';

/** Previous / "Page 2 of 9" / next under a staff list; nothing when everything fits on one page. */
export function StaffPager({ page, pages, onPage, className }: { page: number; pages: number; onPage: (page: number) => void; className?: string }) {
  const { t } = useTranslation('backoffice');
  if (pages <= 1) return null;
  return (
    <nav className={cn('flex items-center justify-end gap-2 text-sm', className)} aria-label={t('queue.page', { page, pages })}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('queue.previous')}
      </Button>
      <span className="tabular-nums">{t('queue.page', { page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('queue.next')}
      </Button>
    </nav>
  );
}

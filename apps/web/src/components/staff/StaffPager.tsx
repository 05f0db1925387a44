import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { pageCount, type TPagerLike } from '@/lib/pager';

type PagerProps = { onPage: (page: number) => void; className?: string } & (
  | {
      /** The list answer's pager: the page it is, and how many there are (pageCount). */
      pager: (TPagerLike & { page: number }) | undefined;
      page?: never;
      pages?: never;
    }
  | { page: number; pages: number; pager?: never }
);

/** Previous / "Page 2 of 9" / next under a staff list; nothing when everything fits on one page. */
export function StaffPager({ onPage, className, ...at }: PagerProps) {
  const { t } = useTranslation('staff');
  const page = at.pager ? at.pager.page : (at.page ?? 1);
  const pages = at.pager ? pageCount(at.pager) : 'pager' in at ? 0 : (at.pages ?? 0);
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

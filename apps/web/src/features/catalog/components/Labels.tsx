import { useFixedT } from '@/lib/fixed-t';
import type { TProductLabel } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';

const STYLE: Record<TProductLabel, string> = {
  H: 'bg-orange-700 text-white',
  N: 'bg-emerald-700 text-white',
  D: 'bg-brand-600 text-white',
};

/** The labels H (hot), N (newest), D (discount) as small words (docs/requirements.md, Screens). */
export function Labels({ labels, className }: { labels: readonly TProductLabel[]; className?: string }) {
  const t = useFixedT('catalog');
  if (labels.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)} aria-label={t('labels.title')}>
      {labels.map((label) => (
        <li key={label} data-label={label} className={cn('label-chip', STYLE[label] ?? 'bg-gray-700 text-white')}>
          {t(`labels.${label}`)}
        </li>
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { ChevronRight, Flame, Percent, Sparkles, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/Skeleton';
import { useCategories } from '../api/get-categories';
import { idOf } from '@/lib/api';
import type { TCategory } from '../api/types';
import { categoryPath } from '../lib/category-tree';

const TAGS = [
  { tag: 'newest', key: 'sidebar.newest', Icon: Sparkles },
  { tag: 'hot', key: 'sidebar.hot', Icon: Flame },
  { tag: 'discount', key: 'sidebar.discount', Icon: Percent },
] as const;

const rowLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1.5 text-sm',
    isActive ? 'bg-brand-50 font-medium text-brand-700' : 'text-gray-700 hover:bg-gray-100',
  );

function TreeItem({ node, depth, openIds }: { node: TCategory; depth: number; openIds: ReadonlySet<string> }) {
  const { t } = useTranslation('common');
  const children = node.children;
  const [open, setOpen] = useState(() => openIds.has(String(node.id)));
  return (
    <li>
      <div className="flex items-center" style={{ paddingLeft: depth * 12 }}>
        <NavLink to={`/products-by-category/${encodeURIComponent(String(node.id))}`} className={rowLink}>
          <span className="truncate">{node.name}</span>
        </NavLink>
        {children.length > 0 ? (
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-label={t(open ? 'sidebar.collapse' : 'sidebar.expand', { name: node.name })}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-ink"
          >
            <ChevronRight aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-90')} />
          </button>
        ) : null}
      </div>
      {open && children.length > 0 ? (
        <ul>
          {children.map((child) => (
            <TreeItem key={String(child.id)} node={child} depth={depth + 1} openIds={openIds} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Tags (Latest, Hot, Discount) and all brands, then the nested category tree (docs/requirements.md, Screens, Sidebar).
 * A chevron opens a branch without navigating; the branch of the current category starts open.
 */
export function CategoryNav() {
  const { t } = useTranslation('common');
  const { data, isPending } = useCategories();
  const { categoryId } = useParams();
  const openIds = new Set(categoryId !== undefined && data ? categoryPath(data, idOf(categoryId)).map((c) => String(c.id)) : []);
  return (
    <nav aria-label={t('sidebar.title')} className="space-y-4">
      <div>
        <h2 className="mb-1 px-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">{t('sidebar.tags')}</h2>
        <ul className="space-y-0.5">
          {TAGS.map(({ tag, key, Icon }) => (
            <li key={tag}>
              <NavLink to={`/products-by-tag/${tag}`} className={rowLink}>
                <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {t(key)}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/brands" className={rowLink}>
              <Tags aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
              {t('sidebar.brands')}
            </NavLink>
          </li>
        </ul>
      </div>
      {isPending || (data && data.length > 0) ? (
        <div>
          <h2 className="mb-1 px-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">{t('sidebar.title')}</h2>
          {isPending ? (
            <div role="status" aria-label={t('sidebar.loading')} className="space-y-2 px-2 py-1">
              {[70, 55, 80, 60, 45].map((w) => (
                <Skeleton key={w} className="h-4" style={{ width: `${w}%` }} />
              ))}
            </div>
          ) : (
            <ul key={categoryId ?? 'none'} className="space-y-0.5">
              {(data ?? []).map((node) => (
                <TreeItem key={String(node.id)} node={node} depth={0} openIds={openIds} />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </nav>
  );
}

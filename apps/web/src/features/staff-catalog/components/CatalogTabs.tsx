import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/components/ui/cn';

/** Products, categories and brands: the catalog screens' own tabs. */
export function CatalogTabs() {
  const { t } = useTranslation('staffCatalog');
  const tabs = [
    { to: '/admin/items', label: t('tabs.items'), end: false },
    { to: '/admin/categories', label: t('tabs.categories'), end: true },
    { to: '/admin/brands', label: t('tabs.brands'), end: true },
  ];
  return (
    <nav aria-label={t('tabs.label')} className="flex gap-1 border-b border-gray-200 text-sm">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn('-mb-px border-b-2 px-3 py-1.5', isActive ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-gray-700 hover:text-ink')
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

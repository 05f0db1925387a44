import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** An empty list: icon, what is missing, what to do about it. */
export function EmptyState({ Icon, title, text, action }: { Icon: LucideIcon; title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-gray-300 px-4 py-10 text-center">
      <span className="mb-3 inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-gray-600">{text}</p>
      {action ? (
        <Link to={action.to} className="mt-4 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

import { cn } from './cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center gap-2', className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** The fallback of a route (lazy module or lazy translations on their way). */
export function RouteSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={label} className="[&>span:first-child]:size-8" />
    </div>
  );
}

import { CircleAlert } from 'lucide-react';

/** A failed submit: what failed and the reason, announced at once. */
export function FormAlert({ title, reason }: { title: string; reason?: string | undefined }) {
  return (
    <div role="alert" className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 break-words">
        <p className="font-medium">{title}</p>
        {reason && reason !== title ? <p>{reason}</p> : null}
      </div>
    </div>
  );
}

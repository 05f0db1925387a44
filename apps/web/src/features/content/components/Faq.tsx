import { ChevronDown } from 'lucide-react';

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
}

/** Questions as native details/summary disclosures (keyboard and screen-reader friendly). */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-gray-100 rounded-lg border border-gray-200">
      {items.map((item) => (
        <details key={item.id} className="group px-4 py-1 open:bg-gray-50/60">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-3 font-medium text-ink marker:hidden [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <ChevronDown className="size-5 shrink-0 text-gray-400 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="pb-4 leading-relaxed text-gray-600">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

import { cn } from './cn';

/** The shop's cube mark (same drawing as the favicon). */
export function LogoMark({ className }: { className?: string }) {
  const colors = ['#ef4444', '#f8fafc', '#3b82f6', '#facc15', '#22c55e', '#f97316', '#3b82f6', '#ef4444', '#f8fafc'];
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="6" fill="#1f2937" />
      <g stroke="#1f2937" strokeWidth="1.5">
        {colors.map((fill, i) => (
          <rect key={i} x={4 + (i % 3) * 8} y={4 + Math.floor(i / 3) * 8} width="8" height="8" fill={fill} />
        ))}
      </g>
    </svg>
  );
}

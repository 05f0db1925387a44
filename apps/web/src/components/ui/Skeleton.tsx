import type { CSSProperties } from 'react';
import { cn } from './cn';

/** A grey placeholder block where content is still to come. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" style={style} className={cn('animate-pulse bg-gray-200', !className?.includes('rounded') && 'rounded-md', className)} />;
}

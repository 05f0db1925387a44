import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';

/** A button with a loading state: spinner, disabled, aria-busy. */
export function LoadingButton({
  loading = false,
  loadingText,
  children,
  disabled,
  className,
  ...props
}: ButtonProps & { loading?: boolean; loadingText?: ReactNode }) {
  return (
    <Button {...props} disabled={disabled || loading} aria-busy={loading || undefined} className={cn(loading && 'cursor-wait', className)}>
      {loading ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent" /> : null}
      {loading && loadingText ? loadingText : children}
    </Button>
  );
}

import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { getLocale } from '@/lib/locale';
import { formMessage } from '@/lib/form-rules';

/** Turns a form message (shared rule key or account key) into a sentence in the page's language. */
export function useFormMessage(): (message: string | undefined) => string {
  const { t } = useTranslation('account');
  return (message) => formMessage(message, getLocale(), (key) => t(key));
}

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  label: ReactNode;
  /** The field's first failing message (react-hook-form's error message). */
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label, control, hint and the field's first failing message, wired for screen readers. */
export function Field({ label, error, hint, optional = false, className, children }: FieldProps) {
  const { t } = useTranslation('account');
  const message = useFormMessage()(error);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ');
  const control: ControlProps = { id };
  if (message) control['aria-invalid'] = true;
  if (describedBy) control['aria-describedby'] = describedBy;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {optional ? <span className="ml-1 font-normal text-gray-500">{t('form.optional')}</span> : null}
      </label>
      {children(control)}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}

export const controlClass =
  'block h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/20 focus:outline-none disabled:bg-gray-50 disabled:text-gray-500 aria-[invalid=true]:border-red-600 sm:text-sm';

export const TextInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function TextInput({ className, type = 'text', ...props }, ref) {
  return <input ref={ref} type={type} className={cn(controlClass, className)} {...props} />;
});

export const SelectInput = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(function SelectInput({ className, ...props }, ref) {
  return <select ref={ref} className={cn(controlClass, 'pr-8', className)} {...props} />;
});

/** A password input with a show / hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function PasswordInput(
  { className, ...props },
  ref,
) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input ref={ref} type={visible ? 'text' : 'password'} className={cn(controlClass, 'pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={t('form.showPassword')}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-gray-500 hover:text-ink"
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
});

/** A check box with its label (the label may hold a link or a button after the text). */
export const Checkbox = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; after?: ReactNode }>(function Checkbox(
  { label, after, className, id: givenId, ...props },
  ref,
) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={cn('flex items-start gap-2 text-sm text-gray-700', className)}>
      <input ref={ref} id={id} type="checkbox" className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600" {...props} />
      <span>
        <label htmlFor={id}>{label}</label>
        {after}
      </span>
    </div>
  );
});

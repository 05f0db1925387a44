import { useId } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useModalStore, type TModalType } from '@/lib/stores/modal';
import { Button } from './Button';
import { cn } from './cn';
import { Dialog } from './Dialog';

const icons: Record<TModalType, { Icon: typeof Info; className: string }> = {
  info: { Icon: Info, className: 'text-sky-600' },
  success: { Icon: CircleCheck, className: 'text-green-600' },
  warning: { Icon: TriangleAlert, className: 'text-amber-500' },
  error: { Icon: CircleAlert, className: 'text-red-600' },
  confirm: { Icon: CircleAlert, className: 'text-brand-600' },
};

/** The app-wide confirm/alert modal driven by the modal store. Any close but confirm runs onCancel. */
export function ConfirmModal() {
  const { t } = useTranslation('common');
  const { isOpen, options, confirm, cancel } = useModalStore();
  const messageId = useId();
  const { Icon, className } = icons[options.type ?? 'info'];
  const showButtons = options.showButtons !== false;
  return (
    <Dialog
      open={isOpen}
      onClose={cancel}
      role="alertdialog"
      title={options.title || t('ui.notification')}
      describedBy={options.message ? messageId : undefined}
    >
      <div className="mt-3 flex gap-3">
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', className)} />
        {options.message ? (
          <p id={messageId} className="text-sm whitespace-pre-line text-gray-700">
            {options.message}
          </p>
        ) : null}
      </div>
      {showButtons ? (
        <div className="mt-5 flex justify-end gap-2">
          {options.showCancelButton !== false ? (
            <Button variant="secondary" onClick={cancel}>
              {options.cancelButtonText || t('ui.cancel')}
            </Button>
          ) : null}
          {options.showConfirmButton !== false ? (
            <Button className={options.confirmButtonClass} onClick={confirm}>
              {options.confirmButtonText || t('ui.confirm')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

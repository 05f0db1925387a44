import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TStaffPaymentMethod, TStaffShippingConfig } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { TextAreaField, TextField } from '@/components/staff/form-fields';
import { errorText } from '@/components/staff/server-error';
import { toast } from '@/lib/stores/toast';
import { PAYMENT_QR_MAX_BYTES, useShippingChange } from '../api/settings';
import { SettingsForm } from './parts';
import { ZInstructionsForm } from './setting-forms';

/** Bank transfer's instructions are the bank details (Bank & documents tab). */
const BANK_TRANSFER = 'tt';
type InstructionField = 'receiver' | 'account' | 'noteZh' | 'noteEn';
const nameOf = (m: TStaffPaymentMethod, language: string) => (language === 'zh' ? m.nameZh || m.nameEn : m.nameEn || m.nameZh);

/**
 * What buyers are told to pay by each method (shown on the order page, in the order mail and on
 * the proforma, with the order number as the reference): receiver, account, a note in Chinese and
 * in English, and the QR picture to scan. Bank transfer points to its bank details instead.
 */
export function PaymentInstructionsPanel({ config }: { config: TStaffShippingConfig }) {
  const { t, i18n } = useTranslation('settings');
  return (
    <section aria-labelledby="payment-instructions-title" className="space-y-3">
      <div>
        <h2 id="payment-instructions-title" className="text-sm font-semibold text-ink">
          {t('payments.instructions.title')}
        </h2>
        <p className="mt-0.5 text-xs text-gray-600">{t('payments.instructions.description')}</p>
      </div>
      {config.payments.map((method) =>
        method.id === BANK_TRANSFER ? (
          <p key={method.id} className="rounded border border-gray-200 bg-white p-3 text-sm text-gray-700" data-testid={`instructions-${method.id}`}>
            <span className="font-semibold text-ink">{nameOf(method, i18n.language)}</span>
            {' · '}
            {t('payments.instructions.bankTransfer')}{' '}
            <Link to="?tab=bank" className="text-brand-700 underline">
              {t('tabs.bank')}
            </Link>
          </p>
        ) : (
          <MethodInstructions key={`${method.id}-${JSON.stringify(method.instructions)}`} method={method} />
        ),
      )}
    </section>
  );
}

function MethodInstructions({ method }: { method: TStaffPaymentMethod }) {
  const { t, i18n } = useTranslation('settings');
  const change = useShippingChange();
  const name = nameOf(method, i18n.language);
  const { qrUrl: _qr, instructions, ...row } = method;
  const label = (field: InstructionField) => t(`payments.instructions.${field}`);

  return (
    <SettingsForm
      schema={ZInstructionsForm}
      defaultValues={{ instructions }}
      level={3}
      title={
        <>
          {t('payments.instructions.methodTitle', { name, id: method.id })}
          {method.active ? null : <span className="ml-2 text-xs font-normal text-gray-500">{t('payments.instructions.inactive')}</span>}
        </>
      }
      testId={`instructions-${method.id}`}
      busy={change.isPending}
      save={(value) => change.mutateAsync({ kind: 'payment', value: { ...row, instructions: value.instructions } })}
    >
      <TextField name="instructions.receiver" label={label('receiver')} maxLength={200} wide />
      <TextField name="instructions.account" label={label('account')} maxLength={200} wide />
      <TextAreaField name="instructions.noteZh" label={label('noteZh')} maxLength={1000} />
      <TextAreaField name="instructions.noteEn" label={label('noteEn')} maxLength={1000} />
      <QrPicture method={method} name={name} />
    </SettingsForm>
  );
}

/** The QR picture: a preview, upload (or replace) and remove; its own refusal shows under it. */
function QrPicture({ method, name }: { method: TStaffPaymentMethod; name: string }) {
  const { t } = useTranslation('settings');
  const change = useShippingChange();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setError(null);
    setBusy(true);
    try {
      await work();
      toast.success(done);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File) => {
    // Checked here too, so a big photo is not sent only to be refused.
    if (file.size > PAYMENT_QR_MAX_BYTES) {
      setError(t('payments.instructions.qrTooLarge', { size: PAYMENT_QR_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    void run(() => change.mutateAsync({ kind: 'qr', id: method.id, file }), t('payments.instructions.qrSaved'));
  };

  return (
    <div className="flex flex-wrap items-start gap-3 sm:col-span-2 lg:col-span-4">
      <div className="flex size-28 shrink-0 items-center justify-center rounded border border-gray-200 bg-gray-50 p-1">
        {method.qrUrl ? (
          <img src={method.qrUrl} alt={t('payments.instructions.qrAlt', { name })} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="px-1 text-center text-xs text-gray-500">{t('payments.instructions.noQr')}</span>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="text-xs text-gray-600">{t('payments.instructions.qr')}</span>
        <div className="flex flex-wrap gap-1">
          <label
            className={cn(
              'inline-flex h-8 cursor-pointer items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 focus-within:ring-2 focus-within:ring-brand-600',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            {method.qrUrl ? t('payments.instructions.replaceQr') : t('payments.instructions.uploadQr')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              disabled={busy}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload(file);
              }}
            />
          </label>
          {method.qrUrl ? (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700"
              disabled={busy}
              onClick={() => void run(() => change.mutateAsync({ kind: 'deleteQr', id: method.id }), t('payments.instructions.qrRemoved'))}
            >
              {t('payments.instructions.removeQr')}
            </Button>
          ) : null}
        </div>
        <span id={`${id}-hint`} className="text-xs text-gray-500">
          {t('payments.instructions.qrHint')}
        </span>
        {error ? (
          <span id={`${id}-error`} role="alert" className="text-xs text-red-700">
            {error}
          </span>
        ) : null}
      </div>
    </div>
  );
}

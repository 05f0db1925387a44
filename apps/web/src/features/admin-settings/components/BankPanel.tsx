import { useTranslation } from 'react-i18next';
import type { TAdminSettings, TBankTransferDetails } from '@cubeshop/shared';
import { useSaveSettings } from '../api/settings';
import { Field, SectionForm, text } from './parts';

const BANK: (keyof TBankTransferDetails)[] = ['accountName', 'bank', 'bankAddress', 'swift', 'accountNumber'];

/** Bank-transfer (T/T) details shown on T/T orders, and the seller named on order documents. */
export function BankPanel({ settings }: { settings: TAdminSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  const bank = settings.bankTransfer;
  const seller = settings.documentSeller;
  return (
    <div className="space-y-3">
      <SectionForm
        key={`bank-${JSON.stringify(bank)}`}
        title={t('bank.title')}
        description={t('bank.description')}
        testId="bank-form"
        busy={save.isPending}
        build={(form) => {
          const value = Object.fromEntries(BANK.map((k) => [k, text(form.get(`bankTransfer.${k}`))])) as Record<string, string | null>;
          if (BANK.every((k) => !value[k])) return { bankTransfer: null };
          return { bankTransfer: { ...value, bankAddress: value.bankAddress || null, swift: String(value.swift).toUpperCase() } };
        }}
        save={save.mutateAsync}
      >
        {(invalid) =>
          BANK.map((k) => (
            <Field key={k} label={t(`bank.${k}`)} name={`bankTransfer.${k}`} invalid={invalid} defaultValue={bank?.[k] ?? ''} wide={k === 'bankAddress' || k === 'accountName' || k === 'bank'} />
          ))
        }
      </SectionForm>
      <SectionForm
        key={`seller-${JSON.stringify(seller)}`}
        title={t('seller.title')}
        description={t('seller.description')}
        testId="seller-form"
        busy={save.isPending}
        build={(form) => {
          const name = text(form.get('documentSeller.name'));
          const address = text(form.get('documentSeller.address'));
          return { documentSeller: name || address ? { name, address } : null };
        }}
        save={save.mutateAsync}
      >
        {(invalid) => (
          <>
            <Field label={t('seller.name')} name="documentSeller.name" invalid={invalid} defaultValue={seller?.name ?? ''} placeholder={bank?.accountName ?? ''} wide />
            <Field label={t('seller.address')} name="documentSeller.address" invalid={invalid} defaultValue={seller?.address ?? ''} wide />
          </>
        )}
      </SectionForm>
    </div>
  );
}

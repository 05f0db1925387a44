import { useTranslation } from 'react-i18next';
import type { TStaffSettings, TBankTransferDetails } from '@cubeshop/shared';
import { TextField } from '@/components/staff/form-fields';
import { useSaveSettings } from '../api/settings';
import { SettingsForm } from './parts';
import { ZBankForm, ZSellerForm } from './setting-forms';

const BANK: (keyof TBankTransferDetails)[] = ['accountName', 'bank', 'bankAddress', 'swift', 'accountNumber'];

/** Bank-transfer (T/T) details shown on T/T orders, and the seller named on order documents. */
export function BankPanel({ settings }: { settings: TStaffSettings }) {
  const { t } = useTranslation('settings');
  const save = useSaveSettings();
  const bank = settings.bankTransfer;
  const seller = settings.documentSeller;
  return (
    <div className="space-y-3">
      <SettingsForm
        key={`bank-${JSON.stringify(bank)}`}
        schema={ZBankForm}
        defaultValues={{
          bankTransfer: {
            accountName: bank?.accountName ?? '',
            bank: bank?.bank ?? '',
            bankAddress: bank?.bankAddress ?? '',
            swift: bank?.swift ?? '',
            accountNumber: bank?.accountNumber ?? '',
          },
        }}
        title={t('bank.title')}
        description={t('bank.description')}
        testId="bank-form"
        busy={save.isPending}
        save={save.mutateAsync}
      >
        {BANK.map((k) => (
          <TextField
            key={k}
            label={t(`bank.${k}`)}
            name={`bankTransfer.${k}`}
            maxLength={300}
            wide={k === 'bankAddress' || k === 'accountName' || k === 'bank'}
          />
        ))}
      </SettingsForm>
      <SettingsForm
        key={`seller-${JSON.stringify(seller)}`}
        schema={ZSellerForm}
        defaultValues={{ documentSeller: { name: seller?.name ?? '', address: seller?.address ?? '' } }}
        title={t('seller.title')}
        description={t('seller.description')}
        testId="seller-form"
        busy={save.isPending}
        save={save.mutateAsync}
      >
        <TextField label={t('seller.name')} name="documentSeller.name" maxLength={300} placeholder={bank?.accountName ?? ''} wide />
        <TextField label={t('seller.address')} name="documentSeller.address" maxLength={300} wide />
      </SettingsForm>
    </div>
  );
}

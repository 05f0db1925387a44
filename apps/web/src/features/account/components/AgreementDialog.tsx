import { useTranslation } from 'react-i18next';
import { RETURN_DAYS } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';

const SECTIONS = ['account', 'orders', 'payment', 'shipping', 'returns', 'privacy', 'changes', 'contact'] as const;

/** The user agreement (zh and en): closes with Escape, the overlay, x or Close; "I agree" ticks the box. */
export function AgreementDialog({ open, onClose, onAccept }: { open: boolean; onClose: () => void; onAccept: () => void }) {
  const { t } = useTranslation(['account', 'common']);
  const facts = {
    company: t('common:contact.company'),
    address: t('common:contact.address'),
    email: t('common:contact.email'),
    phone: t('common:contact.phone'),
    hours: t('common:contact.hours'),
    days: RETURN_DAYS,
  };
  return (
    <Dialog open={open} onClose={onClose} title={t('agreement.title')} className="pb-0 sm:max-w-2xl" describedBy="agreement-intro">
      <div className="mt-3 text-sm leading-relaxed text-gray-700">
        <p id="agreement-intro" className="mb-4">
          {t('agreement.intro', facts)}
        </p>
        {SECTIONS.map((key) => (
          <section key={key} className="mb-4">
            <h3 className="mb-1 font-semibold text-ink">{t(`agreement.${key}.title`)}</h3>
            <p>{t(`agreement.${key}.body`, facts)}</p>
          </section>
        ))}
      </div>
      <div className="sticky bottom-0 -mx-5 flex flex-col-reverse gap-2 border-t border-gray-200 bg-white px-5 py-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('agreement.close')}
        </Button>
        <Button onClick={onAccept}>{t('agreement.accept')}</Button>
      </div>
    </Dialog>
  );
}

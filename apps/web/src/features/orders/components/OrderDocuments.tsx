import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { orderDocumentFileName, type TLocale, type TOrderDetail, type TOrderDocumentKind } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/SkeletonField';
import { api } from '@/lib/api';
import { DOWNLOAD, downloadFile } from '@/lib/download';

/**
 * The order's PDF documents (docs/orders.md, Documents): the proforma invoice from the start, the
 * commercial invoice and the packing list once the order has left the warehouse (the server lists
 * them). Each downloads in the page's language, or in the other one (customs may want English).
 * The file is fetched with the bearer header and saved from memory: no token in a URL.
 */
export function OrderDocuments({ order }: { order: Pick<TOrderDetail, 'id' | 'documents'> }) {
  const { t, i18n } = useTranslation('orders');
  const [busy, setBusy] = useState<string | null>(null);
  if (order.documents.length === 0) return null;
  const here: TLocale = i18n.language === 'en' ? 'en' : 'zh';
  const other: TLocale = here === 'zh' ? 'en' : 'zh';

  async function download(kind: TOrderDocumentKind, lang: TLocale) {
    setBusy(`${kind}:${lang}`);
    try {
      const file = api.download('/api/orders/{id}/documents/{kind}.pdf', { ...DOWNLOAD, params: { path: { id: order.id, kind }, query: { lang } } });
      await downloadFile(file, orderDocumentFileName(order.id, kind));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={t('documents.title')}>
      <ul className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="order-documents">
        {order.documents.map(({ kind }) => (
          <li key={kind} className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => void download(kind, here)}
              disabled={busy !== null}
              aria-busy={busy === `${kind}:${here}` || undefined}
            >
              <FileText aria-hidden="true" className="size-4" />
              {t(`documents.${kind}`)}
            </Button>
            <button
              type="button"
              className="rounded px-1.5 py-1 text-xs text-brand-700 hover:underline disabled:text-gray-400"
              onClick={() => void download(kind, other)}
              disabled={busy !== null}
              aria-label={t('documents.otherLanguageLabel', { document: t(`documents.${kind}`) })}
            >
              {t('documents.otherLanguage')}
            </button>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-gray-500">{order.documents.some((d) => d.kind === 'invoice') ? t('documents.format') : t('documents.hint')}</p>
    </Card>
  );
}

import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DOCUMENTS_BULK_MAX, ORDER_DOCUMENT_KINDS, orderDocumentFileName, type TLocale, type TOrderDocumentKind } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import { DOWNLOAD, downloadFile } from '@/lib/download';
import { Section } from '@/components/staff/Section';

// Order documents for staff (docs/orders.md, Documents): every kind of one order at any time (the
// packing list is printed while packing), and one kind for the queue's selected orders as a zip.
// Files come with the bearer header and are saved from memory.

function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  /** `file` starts the download (api.download); the button stays busy until it is saved. */
  async function run(key: string, file: () => Promise<Blob>, fileName: string) {
    setBusy(key);
    try {
      await downloadFile(file(), fileName);
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/** The order screen's documents: three kinds, in zh or en. */
export function DocumentsCard({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('staff');
  const [lang, setLang] = useState<TLocale>(i18n.language === 'en' ? 'en' : 'zh');
  const { busy, run } = useDownload();
  return (
    <Section title={t('documents.title')}>
      <div className="flex flex-wrap items-center gap-2" data-testid="staff-documents">
        {ORDER_DOCUMENT_KINDS.map((kind) => (
          <Button
            key={kind}
            size="sm"
            variant="secondary"
            disabled={busy !== null}
            aria-busy={busy === kind || undefined}
            onClick={() =>
              void run(
                kind,
                () => api.download('/api/orders/{id}/documents/{kind}.pdf', { ...DOWNLOAD, params: { path: { id: orderId, kind }, query: { lang } } }),
                orderDocumentFileName(orderId, kind),
              )
            }
          >
            <FileDown aria-hidden="true" className="size-4" />
            {t(`documents.${kind}`)}
          </Button>
        ))}
        <label className="ml-auto flex items-center gap-1 text-xs text-gray-600">
          {t('documents.language')}
          <select value={lang} onChange={(e) => setLang(e.target.value as TLocale)} className="h-8 rounded border border-gray-300 bg-white px-1 text-sm">
            <option value="zh">中文</option>
            <option value="en">English</option>
          </select>
        </label>
      </div>
    </Section>
  );
}

/** The queue's bulk downloads: invoices or packing lists of the selected orders, one zip. */
export function BulkDocuments({ ids }: { ids: number[] }) {
  const { t, i18n } = useTranslation('staff');
  const { busy, run } = useDownload();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const tooMany = ids.length > DOCUMENTS_BULK_MAX;
  const zip = (kind: TOrderDocumentKind) =>
    void run(
      kind,
      () => api.download('/api/admin/orders/documents.zip', { ...DOWNLOAD, params: { query: { ids: ids.join(','), kind, lang } } }),
      `${kind}-${ids.length}-orders.zip`,
    );
  return (
    <>
      {(['invoice', 'packing-list'] as const).map((kind) => (
        <Button
          key={kind}
          size="sm"
          variant="secondary"
          disabled={!ids.length || tooMany || busy !== null}
          aria-busy={busy === kind || undefined}
          onClick={() => zip(kind)}
          title={tooMany ? t('documents.tooMany', { count: DOCUMENTS_BULK_MAX }) : undefined}
        >
          <FileDown aria-hidden="true" className="size-4" />
          {t(`documents.bulk.${kind}`)}
        </Button>
      ))}
    </>
  );
}

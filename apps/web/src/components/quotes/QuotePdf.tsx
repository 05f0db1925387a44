import { useState } from 'react';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { quoteFileName, type TLocale } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import { DOWNLOAD, downloadFile } from '@/lib/download';

/** Downloads the quotation PDF (bearer header, saved from memory) in the page's language or the other. */
export function QuotePdf({ quoteId, path }: { quoteId: number; path: '/api/quotes/{id}/pdf' | '/api/admin/quotes/{id}/pdf' }) {
  const { t, i18n } = useTranslation('quotes');
  const [busy, setBusy] = useState(false);
  const here: TLocale = i18n.language === 'en' ? 'en' : 'zh';
  const other: TLocale = here === 'zh' ? 'en' : 'zh';
  const download = async (lang: TLocale) => {
    setBusy(true);
    try {
      await downloadFile(api.download(path, { ...DOWNLOAD, params: { path: { id: quoteId }, query: { lang } } }), quoteFileName(quoteId));
    } catch {
      // The API client has shown why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex items-center gap-1">
      <Button variant="secondary" size="sm" onClick={() => void download(here)} disabled={busy} data-testid="quote-pdf">
        <FileText aria-hidden="true" className="size-4" />
        {t('pdf')}
      </Button>
      <button
        type="button"
        className="rounded px-1.5 py-1 text-xs text-brand-700 hover:underline disabled:text-gray-400"
        onClick={() => void download(other)}
        disabled={busy}
        aria-label={t('pdfOther')}
      >
        {t('otherLanguage')}
      </button>
    </span>
  );
}

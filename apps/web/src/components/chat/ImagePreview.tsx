import { useTranslation } from 'react-i18next';
import { AuthedImage } from '@/components/ui/AuthedImage';
import { Dialog } from '@/components/ui/Dialog';

/** A chat image at full size in a modal (Escape, overlay or x closes it); private to the conversation, so fetched with the token. */
export function ImagePreview({ src, alt, onClose }: { src: string | null; alt: string; onClose: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Dialog open={src !== null} onClose={onClose} title={t('previewTitle')} className="max-w-3xl">
      {src ? <AuthedImage api="chat" path={src} alt={alt} className="mt-3 max-h-[75vh] w-full rounded object-contain" /> : null}
    </Dialog>
  );
}

import { useId, useRef, useState, type FormEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ORDER_REQUEST_PHOTOS_MAX, ORDER_REQUEST_REASON_MAX, type TOrderRequest, type TOrderRequestKind } from '@cubeshop/shared';
import { AuthedImage } from '@/components/ui/AuthedImage';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/Dialog';
import { Card } from '@/components/ui/SkeletonField';
import { toast } from '@/lib/stores/toast';
import { useCreateOrderRequest, useOrderRequests } from '../api/order-requests';
import { PHOTO_TYPES, photoDataUrl } from '../lib/photos';
import { formatDateTime } from './OrderStatus';

const STATUS_TONE: Record<TOrderRequest['status'], string> = {
  open: 'border-amber-200 bg-amber-50 text-amber-800',
  approved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  refused: 'border-gray-300 bg-gray-100 text-gray-700',
};

/**
 * After-sales on the buyer's order page (docs/orders.md, After-sales): the order's cancellation
 * and return requests with their state and the staff's note, and the buttons to make one when the
 * server says it may be made now (canRequest). Nothing when there is neither.
 */
export function OrderRequest({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const query = useOrderRequests(orderId);
  const [asking, setAsking] = useState<TOrderRequestKind | null>(null);
  if (!query.data) return null;
  const { data: requests, canRequest } = query.data;
  if (requests.length === 0 && !canRequest.cancel && !canRequest.return) return null;
  return (
    <Card title={t('requests.title')}>
      <div data-testid="order-requests" className="space-y-3 text-sm">
        {requests.length > 0 ? (
          <ol className="space-y-2">
            {requests.map((r) => (
              <RequestItem key={r.id} request={r} />
            ))}
          </ol>
        ) : null}
        {canRequest.cancel || canRequest.return ? (
          <div className="flex flex-wrap items-center gap-2">
            {canRequest.cancel ? (
              <Button variant="secondary" size="sm" onClick={() => setAsking('cancel')}>
                {t('requests.askCancel')}
              </Button>
            ) : null}
            {canRequest.return ? (
              <Button variant="secondary" size="sm" onClick={() => setAsking('return')}>
                {t('requests.askReturn')}
              </Button>
            ) : null}
            {canRequest.return && canRequest.returnUntil ? (
              <span className="text-xs text-gray-500">{t('requests.returnUntil', { time: formatDateTime(canRequest.returnUntil) })}</span>
            ) : null}
          </div>
        ) : null}
      </div>
      {asking ? <RequestDialog orderId={orderId} kind={asking} onClose={() => setAsking(null)} /> : null}
    </Card>
  );
}

function RequestItem({ request: r }: { request: TOrderRequest }) {
  const { t } = useTranslation('orders');
  return (
    <li className="rounded-md border border-gray-200 px-3 py-2" data-testid="order-request">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-ink">{t(`requests.kind.${r.kind}`)}</span>
        <span data-testid="order-request-status" className={cn('rounded-full border px-2 py-0.5 text-xs font-medium', STATUS_TONE[r.status])}>
          {t(`requests.status.${r.status}`)}
        </span>
        <span className="text-xs text-gray-500 tabular-nums">{formatDateTime(r.createdTime)}</span>
      </p>
      <p className="mt-1 whitespace-pre-line break-words text-gray-700">{r.reason}</p>
      {r.photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('requests.photos')}>
          {r.photos.map((path, i) => (
            <li key={path}>
              <AuthedImage path={path} alt={t('requests.photoN', { n: i + 1 })} className="size-16 rounded border border-gray-200" />
            </li>
          ))}
        </ul>
      ) : null}
      {r.decisionNote || r.decidedTime ? (
        <p className="mt-2 rounded bg-gray-50 px-2 py-1 text-gray-700">
          <span className="text-xs text-gray-500">{r.decidedTime ? `${t('requests.answer')} · ${formatDateTime(r.decidedTime)}` : t('requests.answer')}</span>
          {r.decisionNote ? (
            <span className="block whitespace-pre-line break-words" data-testid="order-request-note">
              {r.decisionNote}
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

function RequestDialog({ orderId, kind, onClose }: { orderId: number; kind: TOrderRequestKind; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const create = useCreateOrderRequest(orderId);
  const [reason, setReason] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const reasonId = useId();
  const errorId = useId();

  async function addPhotos(files: FileList | null) {
    if (!files?.length) return;
    setReading(true);
    setError(null);
    const room = ORDER_REQUEST_PHOTOS_MAX - photos.length;
    const picked = [...files].slice(0, Math.max(0, room));
    const urls = await Promise.all(picked.map(photoDataUrl));
    const good = urls.filter((u): u is string => u !== null);
    if (good.length < urls.length) setError(t('requests.photoRejected'));
    else if (files.length > room) setError(t('requests.tooManyPhotos', { count: ORDER_REQUEST_PHOTOS_MAX }));
    setPhotos((p) => [...p, ...good].slice(0, ORDER_REQUEST_PHOTOS_MAX));
    setReading(false);
    if (fileInput.current) fileInput.current.value = '';
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('requests.reasonRequired'));
      return;
    }
    create.mutate(
      { kind, reason: reason.trim(), ...(photos.length ? { photos } : {}) },
      {
        onSuccess: () => {
          toast.success(t('requests.sent'));
          onClose();
        },
        onError: (err) => setError((err as { desc?: string }).desc ?? t('requests.failed')),
      },
    );
  }

  return (
    <Dialog open onClose={onClose} title={t(kind === 'cancel' ? 'requests.askCancel' : 'requests.askReturn')} className="sm:max-w-lg">
      <form onSubmit={onSubmit} className="space-y-3 text-sm" aria-describedby={error ? errorId : undefined}>
        <p className="text-gray-600">{t(kind === 'cancel' ? 'requests.cancelIntro' : 'requests.returnIntro')}</p>
        <label htmlFor={reasonId} className="block font-medium text-ink">
          {t('requests.reason')}
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={ORDER_REQUEST_REASON_MAX}
          rows={4}
          required
          className="w-full rounded-md border border-gray-300 px-3 py-2"
        />
        <div>
          <p className="font-medium text-ink">{t('requests.photosLabel', { count: ORDER_REQUEST_PHOTOS_MAX })}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {photos.map((src, i) => (
              <li key={`${i}-${src.length}`} className="relative">
                <img src={src} alt={t('requests.photoN', { n: i + 1 })} className="size-16 rounded border border-gray-200 object-cover" />
                <button
                  type="button"
                  onClick={() => setPhotos((p) => p.filter((_, j) => j !== i))}
                  className="absolute -top-2 -right-2 rounded-full border border-gray-300 bg-white p-0.5 text-gray-700 hover:text-red-700"
                  aria-label={t('requests.removePhoto', { n: i + 1 })}
                >
                  <X aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
            {photos.length < ORDER_REQUEST_PHOTOS_MAX ? (
              <li>
                <label className="flex size-16 cursor-pointer items-center justify-center rounded border border-dashed border-gray-400 text-gray-600 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-500">
                  <ImagePlus aria-hidden="true" className="size-5" />
                  <span className="sr-only">{t('requests.addPhotos')}</span>
                  <input
                    ref={fileInput}
                    type="file"
                    accept={PHOTO_TYPES.join(',')}
                    multiple
                    className="sr-only"
                    onChange={(e) => void addPhotos(e.target.files)}
                    data-testid="request-photo-input"
                  />
                </label>
              </li>
            ) : null}
          </ul>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('requests.close')}
          </Button>
          <Button type="submit" disabled={create.isPending || reading} aria-busy={create.isPending || undefined}>
            {t('requests.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

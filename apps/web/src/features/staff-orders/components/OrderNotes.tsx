import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCan, type TStaffOrderDetail, type TOrderNoteCreate, type TStaffRole } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/lib/stores/toast';
import { Section } from '@/components/staff/Section';
import { addOrderNote, useOrderChange } from '../api/update-order';
import { formatStamp } from './badges';
import { errorText } from './parts';

/**
 * Notes on the order: internal notes (staff only) and messages to the buyer (e-mailed and shown
 * on the buyer's order page), oldest first, with a form to add one. Ctrl/Cmd+Enter sends.
 */
export function NotesCard({ detail, role }: { detail: TStaffOrderDetail; role: TStaffRole | null }) {
  const { t } = useTranslation('staff');
  const id = detail.order.id;
  const canMessage = staffCan(role, 'orders.sell');
  const [kind, setKind] = useState<TOrderNoteCreate['kind']>('note');
  const [body, setBody] = useState('');
  const change = useOrderChange(id, (note: TOrderNoteCreate) => addOrderNote(id, note));
  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!body.trim() || change.isPending) return;
    change.mutate(
      { kind, body },
      {
        onSuccess: () => {
          setBody('');
          toast.success(t(kind === 'message' ? 'notes.sent' : 'notes.added'));
        },
        onError: (err) => toast.error(errorText(err)),
      },
    );
  }
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send();
  };
  return (
    <Section title={t('notes.title')}>
      {detail.notes.length === 0 ? (
        <p className="text-sm text-gray-600">{t('notes.empty')}</p>
      ) : (
        <ol className="max-h-72 space-y-2 overflow-y-auto text-sm" data-testid="order-notes">
          {detail.notes.map((n) => (
            <li key={n.id} className={cn('rounded border px-2 py-1.5', n.kind === 'message' ? 'border-brand-200 bg-brand-50' : 'border-amber-200 bg-amber-50')}>
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-gray-600">
                <span className="font-semibold text-ink">{t(n.kind === 'message' ? 'notes.kindMessage' : 'notes.kindNote')}</span>
                <span>{n.author}</span>
                <span className="tabular-nums">{formatStamp(n.createdTime)}</span>
              </div>
              <p className="whitespace-pre-wrap break-words">{n.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} className="mt-2 space-y-1.5">
        <fieldset className="flex flex-wrap gap-x-4 text-sm">
          <legend className="sr-only">{t('notes.kind')}</legend>
          <label className="flex items-center gap-1.5">
            <input type="radio" name="note-kind" checked={kind === 'note'} onChange={() => setKind('note')} />
            {t('notes.kindNote')}
          </label>
          <label className={cn('flex items-center gap-1.5', !canMessage && 'text-gray-400')}>
            <input type="radio" name="note-kind" checked={kind === 'message'} disabled={!canMessage} onChange={() => setKind('message')} />
            {t('notes.kindMessage')}
          </label>
        </fieldset>
        <label className="block">
          <span className="sr-only">{t(kind === 'message' ? 'notes.messageLabel' : 'notes.noteLabel')}</span>
          <textarea
            value={body}
            onChange={(e) => setBody(e.target.value)}
            onKeyDown={onKey}
            maxLength={2000}
            rows={3}
            placeholder={t(kind === 'message' ? 'notes.messagePlaceholder' : 'notes.notePlaceholder')}
            className="w-full rounded border border-gray-300 bg-white px-2 py-1 text-sm"
          />
        </label>
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-gray-500">{t(kind === 'message' ? 'notes.messageHint' : 'notes.noteHint')}</span>
          <Button type="submit" size="sm" disabled={!body.trim() || change.isPending}>
            {t(kind === 'message' ? 'notes.send' : 'notes.add')}
          </Button>
        </div>
      </form>
    </Section>
  );
}

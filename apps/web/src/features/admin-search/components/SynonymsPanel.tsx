import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNONYM_KINDS, SYNONYM_WORDS_MAX, type TSynonymGroup, type TSynonymKind } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { errorText, staffInput } from '@/components/staff/fields';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { useSynonymChange, useSynonyms, wordsOf } from '../api/synonyms';

/** Where a save went wrong: the new group's form (id null) or a group being edited. */
type Problem = { id: number | null; text: string } | null;

/**
 * One group's words and kind, edited in place: Enter saves, Escape gives up. A short form's
 * first word stands for the others ("wl" for WeiLong), a plain group's words all mean the same.
 */
function WordsForm({
  id,
  initial,
  initialKind,
  busy,
  problem,
  onSave,
  onCancel,
}: {
  id: number | null;
  initial: string;
  initialKind: TSynonymKind;
  busy: boolean;
  problem: Problem;
  onSave: (text: string, kind: TSynonymKind) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('backoffice');
  const [text, setText] = useState(initial);
  const [kind, setKind] = useState<TSynonymKind>(initialKind);
  const errorId = `synonyms-error-${id ?? 'new'}`;
  const shown = problem && problem.id === id ? problem.text : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(text, kind);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <input
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onCancel) onCancel();
        }}
        autoFocus={id !== null}
        aria-label={id === null ? t('synonyms.new') : t('synonyms.editLabel')}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? errorId : undefined}
        placeholder={kind === 'short' ? t('synonyms.placeholderShort') : t('synonyms.placeholder')}
        className={cn(staffInput, 'min-w-0 flex-1 basis-56')}
      />
      <select value={kind} onChange={(e) => setKind(e.target.value as TSynonymKind)} aria-label={t('synonyms.kindLabel')} className={cn(staffInput, 'w-auto')}>
        {SYNONYM_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`synonyms.kind.${k}`)}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" disabled={busy}>
        {id === null ? t('synonyms.add') : t('synonyms.save')}
      </Button>
      {onCancel ? (
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('synonyms.cancel')}
        </Button>
      ) : null}
      {shown ? (
        <p id={errorId} role="alert" className="w-full text-sm text-red-700">
          {shown}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Synonym groups of the shop's search (/admin/search-terms?kind=synonyms; docs/catalog.md,
 * Synonyms): a search for any word of a group finds the products that say another. Everyone who
 * reads search terms sees them; owner and catalog staff add, change and delete (the server
 * normalises the words and wants two different ones; the search uses a change at once).
 */
export function SynonymsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('backoffice');
  const groups = useSynonyms();
  const change = useSynonymChange();
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [added, setAdded] = useState(0);
  const rows = groups.data?.data ?? [];

  const save = (id: number | null, text: string, kind: TSynonymKind) => {
    const words = wordsOf(text);
    if (words.length < 2) return setProblem({ id, text: t('synonyms.tooFew') });
    if (words.length > SYNONYM_WORDS_MAX) return setProblem({ id, text: t('synonyms.tooMany', { count: SYNONYM_WORDS_MAX }) });
    change.mutate(
      { id, words, kind },
      {
        onSuccess: () => {
          setProblem(null);
          if (id === null) setAdded((n) => n + 1);
          else setEditing(null);
          toast.success(id === null ? t('synonyms.added') : t('synonyms.saved'));
        },
        onError: (error) => setProblem({ id, text: errorText(error) || t('synonyms.saveFailed') }),
      },
    );
  };

  const remove = async (group: TSynonymGroup) => {
    if (!(await confirmDialog({ title: t('synonyms.deleteTitle'), message: t('synonyms.deleteConfirm', { words: group.words.join(t('synonyms.separator')) }), confirmButtonClass: 'bg-red-700 hover:bg-red-800' }))) return;
    change.mutate({ id: group.id, words: null }, { onSuccess: () => toast.success(t('synonyms.deleted')), onError: (error) => toast.error(errorText(error) || t('synonyms.saveFailed')) });
  };

  return (
    <div className="space-y-2 pt-2">
      <p className="text-sm text-gray-600">{t('synonyms.help')}</p>
      {canManage ? <WordsForm key={added} id={null} initial="" initialKind="same" busy={change.isPending} problem={problem} onSave={(text, kind) => save(null, text, kind)} /> : null}
      <StaffListBody query={groups} loadFailed={t('synonyms.loadFailed')} empty={t('synonyms.empty')} isEmpty={rows.length === 0}>
        <p className="text-sm text-gray-600">{t('synonyms.count', { count: rows.length })}</p>
        <div className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="synonyms">
            <thead className="bg-gray-100 text-xs text-gray-700">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  {t('synonyms.col.words')}
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium whitespace-nowrap">
                  {t('synonyms.col.updated')}
                </th>
                {canManage ? (
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    <span className="sr-only">{t('synonyms.col.actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((group) => (
                <tr key={group.id} data-group={group.id} className="border-t border-gray-100 align-top hover:bg-gray-50">
                  <td className="px-2 py-1">
                    {editing === group.id ? (
                      <WordsForm
                        id={group.id}
                        initial={group.words.join(', ')}
                        initialKind={group.kind ?? 'same'}
                        busy={change.isPending}
                        problem={problem}
                        onSave={(text, kind) => save(group.id, text, kind)}
                        onCancel={() => {
                          setEditing(null);
                          setProblem(null);
                        }}
                      />
                    ) : (
                      <ul className="flex flex-wrap items-center gap-1" aria-label={t('synonyms.groupLabel', { count: group.words.length })}>
                        {group.kind === 'short' ? (
                          <li className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900" title={t('synonyms.shortHelp')}>
                            {t('synonyms.kind.short')}
                          </li>
                        ) : null}
                        {group.words.map((word) => (
                          <li key={word} className="rounded bg-gray-100 px-1.5 py-0.5 break-all text-ink">
                            {word}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap text-gray-700 tabular-nums">{group.updatedTime.slice(0, 10)}</td>
                  {canManage ? (
                    <td className="px-2 py-1 text-right whitespace-nowrap">
                      {editing === group.id ? null : (
                        <>
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => {
                              setProblem(null);
                              setEditing(group.id);
                            }}
                            aria-label={t('synonyms.editOf', { words: group.words.join(t('synonyms.separator')) })}
                          >
                            {t('synonyms.edit')}
                          </Button>
                          <Button variant="ghost" size="sm" className="text-red-700" onClick={() => void remove(group)} aria-label={t('synonyms.deleteOf', { words: group.words.join(t('synonyms.separator')) })}>
                            {t('synonyms.delete')}
                          </Button>
                        </>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </StaffListBody>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNONYM_WORDS_MAX, type TSynonymGroup } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { errorText, staffInput } from '@/components/staff/fields';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { useSynonymChange, useSynonyms, wordsOf } from '../api/synonyms';

/** Where a save went wrong: the new group's form (id null) or a group being edited. */
type Problem = { id: number | null; text: string } | null;

/** One group's words, edited in place: Enter saves, Escape gives up. */
function WordsForm({ id, initial, busy, problem, onSave, onCancel }: { id: number | null; initial: string; busy: boolean; problem: Problem; onSave: (text: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation('backoffice');
  const [text, setText] = useState(initial);
  const errorId = `synonyms-error-${id ?? 'new'}`;
  const shown = problem && problem.id === id ? problem.text : '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(text);
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
        placeholder={t('synonyms.placeholder')}
        className={cn(staffInput, 'min-w-0 flex-1 basis-56')}
      />
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

  const save = (id: number | null, text: string) => {
    const words = wordsOf(text);
    if (words.length < 2) return setProblem({ id, text: t('synonyms.tooFew') });
    if (words.length > SYNONYM_WORDS_MAX) return setProblem({ id, text: t('synonyms.tooMany', { count: SYNONYM_WORDS_MAX }) });
    change.mutate(
      { id, words },
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
      {canManage ? <WordsForm key={added} id={null} initial="" busy={change.isPending} problem={problem} onSave={(text) => save(null, text)} /> : null}
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
                        busy={change.isPending}
                        problem={problem}
                        onSave={(text) => save(group.id, text)}
                        onCancel={() => {
                          setEditing(null);
                          setProblem(null);
                        }}
                      />
                    ) : (
                      <ul className="flex flex-wrap gap-1" aria-label={t('synonyms.groupLabel', { count: group.words.length })}>
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

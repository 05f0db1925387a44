import { createContext, use, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SYNONYM_KINDS, SYNONYM_WORDS_MAX, type TSynonymGroup, type TSynonymKind } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { errorText, staffInput } from '@/components/staff/fields';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
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
  const { t } = useTranslation('staff');
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
        // Editing a row (opened with its "Edit" button) puts the focus in its field; the new-row form does not take it.
        // eslint-disable-next-line jsx-a11y/no-autofocus
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

/** What the rows' cells act with: the panel's state, read by the cells (the columns stay the same while it changes, so a form being typed in stays). */
interface RowActions {
  editing: number | null;
  problem: Problem;
  busy: boolean;
  edit: (id: number | null) => void;
  save: (id: number, text: string, kind: TSynonymKind) => void;
  remove: (group: TSynonymGroup) => void;
}
const Actions = createContext<RowActions | null>(null);
const useActions = () => use(Actions)!;

/** A group's words (a short form marked), or its form while it is edited. */
function WordsCell({ group }: { group: TSynonymGroup }) {
  const { t } = useTranslation('staff');
  const act = useActions();
  if (act.editing === group.id) {
    return (
      <WordsForm
        id={group.id}
        initial={group.words.join(', ')}
        initialKind={group.kind ?? 'same'}
        busy={act.busy}
        problem={act.problem}
        onSave={(text, kind) => act.save(group.id, text, kind)}
        onCancel={() => act.edit(null)}
      />
    );
  }
  return (
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
  );
}

/** Edit and Delete of a group (none while it is edited: its form has Save and Cancel). */
function ActionsCell({ group }: { group: TSynonymGroup }) {
  const { t } = useTranslation('staff');
  const act = useActions();
  if (act.editing === group.id) return null;
  const words = group.words.join(t('synonyms.separator'));
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" onClick={() => act.edit(group.id)} aria-label={t('synonyms.editOf', { words })}>
        {t('synonyms.edit')}
      </Button>
      <Button variant="ghost" size="sm" className="text-red-700" onClick={() => act.remove(group)} aria-label={t('synonyms.deleteOf', { words })}>
        {t('synonyms.delete')}
      </Button>
    </div>
  );
}

const col = staffColumns<TSynonymGroup>();
const NO_GROUPS: TSynonymGroup[] = [];

/**
 * Synonym groups of the shop's search (/admin/search-terms?kind=synonyms; docs/catalog.md,
 * Synonyms): a search for any word of a group finds the products that say another. Everyone who
 * reads search terms sees them; owner and catalog staff add, change (in place, in the list) and
 * delete (the server normalises the words and wants two different ones; the search uses a change
 * at once).
 */
export function SynonymsPanel({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('staff');
  const groups = useSynonyms();
  const change = useSynonymChange();
  const [editing, setEditing] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [added, setAdded] = useState(0);
  const rows = groups.data?.data ?? NO_GROUPS;

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
    if (
      !(await confirmDialog({
        title: t('synonyms.deleteTitle'),
        message: t('synonyms.deleteConfirm', { words: group.words.join(t('synonyms.separator')) }),
        confirmButtonClass: 'bg-red-700 hover:bg-red-800',
      }))
    )
      return;
    change.mutate(
      { id: group.id, words: null },
      { onSuccess: () => toast.success(t('synonyms.deleted')), onError: (error) => toast.error(errorText(error) || t('synonyms.saveFailed')) },
    );
  };

  const actions: RowActions = {
    editing,
    problem,
    busy: change.isPending,
    edit: (id) => {
      setProblem(null);
      setEditing(id);
    },
    save,
    remove: (group) => void remove(group),
  };

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('words', {
          header: t('synonyms.col.words'),
          enableHiding: false,
          meta: { className: 'align-top' },
          cell: (c) => <WordsCell group={c.row.original} />,
        }),
        col.accessor('updatedTime', {
          header: t('synonyms.col.updated'),
          meta: { className: 'py-1.5 align-top whitespace-nowrap text-gray-700 tabular-nums' },
          cell: (c) => c.getValue().slice(0, 10),
        }),
        ...(canManage
          ? [
              col.display({
                id: 'actions',
                header: () => <span className="sr-only">{t('synonyms.col.actions')}</span>,
                meta: { className: 'align-top whitespace-nowrap', label: t('synonyms.col.actions') },
                cell: (c) => <ActionsCell group={c.row.original} />,
              }),
            ]
          : []),
      ]),
    [t, canManage],
  );

  return (
    <div className="space-y-2 pt-2">
      <p className="text-sm text-gray-600">{t('synonyms.help')}</p>
      {canManage ? (
        <WordsForm
          key={added}
          id={null}
          initial=""
          initialKind="same"
          busy={change.isPending}
          problem={problem}
          onSave={(text, kind) => save(null, text, kind)}
        />
      ) : null}
      <Actions value={actions}>
        <StaffTable
          label={t('searchTerms.kind.synonyms')}
          testId="synonyms"
          columns={columns}
          rows={rows}
          rowId={(group) => String(group.id)}
          rowData={(group) => ({ 'data-group': String(group.id) })}
          query={groups}
          loadFailed={t('synonyms.loadFailed')}
          empty={t('synonyms.empty')}
          resetOn={null}
          onOpen={(group) => canManage && actions.edit(group.id)}
          toolbar={groups.data && rows.length > 0 ? <span className="text-gray-600">{t('synonyms.count', { count: rows.length })}</span> : null}
        />
      </Actions>
    </div>
  );
}

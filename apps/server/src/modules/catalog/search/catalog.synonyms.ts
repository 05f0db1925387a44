import { SYNONYM_GROUPS_MAX, type TSynonymGroup, type TSynonymInput, type TSynonymKind, type TSynonymList } from '@cubeshop/shared';
import type { Db } from '../../../db/client.js';
import { badRequest, notFound } from '../../../lib/app-error.js';
import type { AuditService, StaffActor } from '../../audit/audit.service.js';
import type { CatalogSearchRepository } from './catalog.search.repository.js';
import { normalizeTerm } from './catalog.search.service.js';

export interface SynonymsDeps {
  searchRepo: Pick<CatalogSearchRepository, 'synonymGroups' | 'countSynonymGroups' | 'insertSynonyms' | 'updateSynonyms' | 'deleteSynonyms'>;
  transaction: <T>(work: (tx: Db) => Promise<T>) => Promise<T>;
  audit: Pick<AuditService, 'record'>;
  /** A whole catalog change on every instance: the search index is built again with the groups. */
  changed: () => void;
}

/**
 * Synonym groups and short forms edited by staff (docs/catalog.md, Synonyms; catalog.manage): each write is
 * audited and makes the search rebuild its index on every instance, so the next search uses it.
 * Words are kept as a search reads them (NFKC, lower case, single spaces), each once.
 */
export function createSynonymsStaff({ searchRepo, transaction, audit, changed }: SynonymsDeps) {
  const groupOf = (g: { id: number; words: string[]; kind: TSynonymKind; updatedAt: Date }): TSynonymGroup => ({
    id: g.id,
    words: g.words,
    kind: g.kind,
    updatedTime: g.updatedAt.toISOString(),
  });
  const wordsOf = (input: TSynonymInput, kind: TSynonymKind) => {
    const words = [...new Set(input.words.map(normalizeTerm).filter(Boolean))];
    if (words.length < 2) throw badRequest('synonymsTooFew', undefined, { field: 'words', rule: 'min' });
    // A short form is one word, as a buyer types it ("xmd"); what it stands for may be a phrase.
    if (kind === 'short' && /\s/u.test(words[0]!)) throw badRequest('shortFormOneWord', undefined, { field: 'words', rule: 'shortForm' });
    return words;
  };
  const one = async (id: number) => {
    const [group] = await searchRepo.synonymGroups(undefined, id);
    if (!group) throw notFound('synonymsNotFound');
    return groupOf(group);
  };

  return {
    async list(): Promise<TSynonymList> {
      return { data: (await searchRepo.synonymGroups()).map(groupOf) };
    },

    async create(actor: StaffActor, input: TSynonymInput): Promise<TSynonymGroup> {
      const kind = input.kind ?? 'same';
      const words = wordsOf(input, kind);
      const id = await transaction(async (tx) => {
        if ((await searchRepo.countSynonymGroups(tx)) >= SYNONYM_GROUPS_MAX) throw badRequest('synonymsTooMany', { max: SYNONYM_GROUPS_MAX });
        const created = await searchRepo.insertSynonyms(tx, words, kind);
        await audit.record(tx, actor, [{ action: 'synonyms.create', entity: 'synonyms', entityId: created, after: { words, kind } }]);
        return created;
      });
      changed();
      return one(id);
    },

    async update(actor: StaffActor, id: number, input: TSynonymInput): Promise<TSynonymGroup> {
      await transaction(async (tx) => {
        const [before] = await searchRepo.synonymGroups(tx, id);
        if (!before) throw notFound('synonymsNotFound');
        const kind = input.kind ?? before.kind;
        const words = wordsOf(input, kind);
        if (!(await searchRepo.updateSynonyms(tx, id, words, kind))) throw notFound('synonymsNotFound');
        await audit.record(tx, actor, [
          { action: 'synonyms.update', entity: 'synonyms', entityId: id, before: { words: before.words, kind: before.kind }, after: { words, kind } },
        ]);
      });
      changed();
      return one(id);
    },

    async remove(actor: StaffActor, id: number): Promise<void> {
      await transaction(async (tx) => {
        const [before] = await searchRepo.synonymGroups(tx, id);
        if (!before || !(await searchRepo.deleteSynonyms(tx, id))) throw notFound('synonymsNotFound');
        await audit.record(tx, actor, [{ action: 'synonyms.delete', entity: 'synonyms', entityId: id, before: { words: before.words } }]);
      });
      changed();
    },
  };
}
export type SynonymsStaff = ReturnType<typeof createSynonymsStaff>;

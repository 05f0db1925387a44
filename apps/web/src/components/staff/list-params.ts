import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { toText } from '@/lib/text';

export { pageCount } from '@/lib/pager';

/** A staff list's query schema from @cubeshop/shared (ZStaffOrderQuery, ZCustomerQuery, ...). */
export type TListSchema = z.ZodObject;
/** What a setter takes: the typed value, a form's text, or nothing (blank: the filter goes). */
export type TParamValue = string | number | boolean | null | undefined;

const text = (value: unknown): string => (value === undefined || value === null ? '' : toText(value).trim());

/**
 * The list's values from URL search params, read with the API's own query schema: only its keys,
 * blanks left out; a value the schema refuses (`page=abc`, `sort=random`) is dropped, so that key
 * has its default and the others keep theirs. Never throws for a list schema (every key optional
 * or defaulted).
 */
export function parseListParams<S extends TListSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') raw[key] = value;
  }
  // Each round drops the keys the schema refused; a schema with n keys needs at most n rounds.
  for (let round = 0; round <= Object.keys(raw).length; round++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    let dropped = false;
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key in raw) {
        delete raw[key];
        dropped = true;
      }
    }
    if (!dropped) break;
  }
  return schema.parse({});
}

/**
 * The list's query string for the API and the cache key: the schema's keys in its order, each
 * only when set and not its default (`?q=bo`, not `?page=1&recPerPage=50&q=bo`).
 */
export function listSearch<S extends TListSchema>(
  schema: S,
  values: z.output<S>,
  defaults: z.output<S> = parseListParams(schema, new URLSearchParams()),
): string {
  const out = new URLSearchParams();
  const have = values as Record<string, unknown>;
  const base = defaults as Record<string, unknown>;
  for (const key of Object.keys(schema.shape)) {
    const value = text(have[key]);
    if (value !== '' && value !== text(base[key])) out.set(key, value);
  }
  return out.toString();
}

/**
 * The same values as the API's query: the keys `listSearch` writes, with their typed values, for
 * the typed client (lib/api.ts). `search` stays the cache key; this is what the call sends.
 */
export function listQuery<S extends TListSchema>(schema: S, values: z.output<S>, defaults: z.output<S>): Partial<z.output<S>> {
  const have = values as Record<string, unknown>;
  const base = defaults as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = text(have[key]);
    if (value !== '' && value !== text(base[key])) out[key] = have[key];
  }
  return out as Partial<z.output<S>>;
}

/**
 * The params after a change: each key set to its text, or removed when blank or its default; any
 * change that does not name `page` goes back to page 1 (a new filter starts at the top). Keys the
 * schema does not know (another part of the screen's, e.g. a tab) stay as they are.
 */
export function withListChange(params: URLSearchParams, changes: Record<string, TParamValue>, defaults: Record<string, unknown> = {}): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    const typed = text(value);
    if (typed === '' || typed === text(defaults[key])) next.delete(key);
    else next.set(key, typed);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

export interface ListParams<S extends TListSchema> {
  /** The typed values (defaults filled in). */
  values: z.output<S>;
  /** The schema's defaults (what an empty URL means). */
  defaults: z.output<S>;
  /** The API query string of the values (non-default keys only): the list query's key. */
  search: string;
  /** The same non-default values, typed: what the list's API call sends (listQuery). */
  query: Partial<z.output<S>>;
  /** True when a filter other than the page differs from its default. */
  filtered: boolean;
  /** The URL's own params (for keys the schema does not know, such as a screen's tab). */
  params: URLSearchParams;
  /** One filter: blank or its default removes it; the page goes back to 1. */
  set: (key: keyof z.input<S> & string, value: TParamValue) => void;
  /** Several filters at once (a filter form's submit, a sort with two params); the page goes back to 1 unless named. */
  setMany: (changes: Partial<Record<keyof z.input<S> & string, TParamValue>>) => void;
  setPage: (page: number) => void;
  /** Every filter of the schema cleared (other params stay). */
  reset: () => void;
}

/**
 * One staff list's parameters, kept in the URL (bookmarkable, shareable, back and forward work):
 * parsed with the shared zod query schema of the list's API, typed, with setters that keep the URL
 * tidy (no defaults, no blanks) and reset the page on a filter change.
 */
export function useListParams<S extends TListSchema>(schema: S): ListParams<S> {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const defaults = useMemo(() => parseListParams(schema, new URLSearchParams()), [schema]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the params' text stands for the params
  const values = useMemo(() => parseListParams(schema, params), [schema, key]);
  const search = useMemo(() => listSearch(schema, values, defaults), [schema, values, defaults]);
  const query = useMemo(() => listQuery(schema, values, defaults), [schema, values, defaults]);
  const filtered = useMemo(() => [...new URLSearchParams(search).keys()].some((k) => k !== 'page'), [search]);

  const setMany = useCallback(
    (changes: Partial<Record<string, TParamValue>>) => setParams((prev) => withListChange(prev, changes, defaults)),
    [setParams, defaults],
  );
  const set = useCallback((name: string, value: TParamValue) => setMany({ [name]: value }), [setMany]);
  const setPage = useCallback((page: number) => setMany({ page }), [setMany]);
  const reset = useCallback(
    () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const name of Object.keys(schema.shape)) next.delete(name);
        return next;
      }),
    [setParams, schema],
  );
  return { values, defaults, search, query, filtered, params, set, setMany, setPage, reset };
}

/** A sorted column, as StaffTable speaks of it. */
export interface TColumnSort {
  id: string;
  desc: boolean;
}

/**
 * A list API's one sort param (`sort=totalDesc`) as table sorting: each value names a column and
 * a direction. `toSort` for StaffTable's `sort`, `fromSort` for its `onSort` (undefined: that
 * column and direction is no value of the param, so the click changes nothing).
 */
export function sortOptions<V extends string>(map: Record<V, TColumnSort>) {
  const values = Object.keys(map) as V[];
  return {
    toSort: (value: V | undefined): TColumnSort | null => (value !== undefined && value in map ? map[value] : null),
    fromSort: (sort: TColumnSort): V | undefined => values.find((v) => map[v].id === sort.id && map[v].desc === sort.desc),
  };
}

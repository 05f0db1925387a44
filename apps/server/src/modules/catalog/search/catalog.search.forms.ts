/**
 * Model names as cubers write them (docs/catalog.md, Search, Model names): letters and digits
 * run together or apart mean the same ("GAN356" = "GAN 356" = "gan-356", "wrmv10" = "WRM V10").
 *
 * The index keeps, beside the words of the names as written, their other **forms**, each found by
 * an exact lookup (a map, not a scan):
 * - of each distinct word of the names (a few thousand, whatever the catalog's size): without
 *   its separator and split at it ("x-man" -> xman, x, man), and split at letter/digit boundaries
 *   ("rs3m" -> rs, 3, m; a size, "3x3", stays whole); these answer with the word's products;
 * - of each product, its model run together: 2 to 4 neighbouring Latin words of the first run
 *   of two or more (the brand and model, before a size, a Chinese word or punctuation) when they
 *   hold a digit or a model letter (a word of one letter): "GAN 356 M 3x3 ..." -> gan356, 356m,
 *   gan356m; "MoYu WeiLong WRM V10 3x3 ..." -> wrmv10, weilongwrmv10, moyuweilongwrmv10; "QiYi M
 *   Pro 3x3" -> qiyim, mpro, qiyimpro; "ShengShou Mr. M" -> mrm (an abbreviation's full stop does
 *   not end the run). The variant's "(Wholesale, MOQ 12)" is not a model.
 * A query word is looked up as it is and without its separators; one that still matches nothing
 * well is cut into known pieces (piecesOf).
 */

const SIZE = /^\d+x\d+(?:x\d+)?$/;
const LATIN_ALNUM = /^[a-z0-9]+$/;
const CJK_ONLY = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+$/u;
const NOT_ALNUM = /[^\p{L}\p{N}]+/gu;
/** A separator between two letters or digits: "x-man", "dnm-37", "rubik's", "mr.m". */
const INNER_SEPARATOR = /[\p{L}\p{N}][^\p{L}\p{N}\s]+[\p{L}\p{N}]/u;
/** A word of letters ending in a full stop: "Mr.". */
const ABBREVIATION = /^\p{L}+\.$/u;
/** Neighbouring words joined at most (4: "gan 11 m pro", "valk 3 elite m"). */
const MAX_RUN = 4;
const MAX_JOINED_LENGTH = 20;
/** A word as written without punctuation around it: "(Wholesale," -> "Wholesale", "X-Man" stays. */
const trimmed = (raw: string) => raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** A word without its punctuation: "x-man" -> "xman", "(wholesale," -> "wholesale", "rubik's" -> "rubiks". */
export function alnumOf(word: string): string {
  return word.replace(NOT_ALNUM, '');
}

/** Letter and digit runs of a Latin word ("rs3m" -> rs, 3, m); a size ("3x3") stays whole. */
export function letterDigitParts(word: string): string[] {
  if (SIZE.test(word)) return [word];
  return word.match(/[a-z]+|\d+/g) ?? [];
}

export const isLatinAlnum = (word: string) => LATIN_ALNUM.test(word);
export const isCjkOnly = (word: string) => CJK_ONLY.test(word);

/** Other forms of one word of a name (lower case): without its separator, and its parts. */
export function wordForms(word: string): { bare: string | undefined; parts: string[] } {
  const bare = LATIN_ALNUM.test(word) ? word : alnumOf(word);
  const parts: string[] = [];
  let separated: string | undefined;
  if (bare !== word && INNER_SEPARATOR.test(word)) {
    if (bare) separated = bare;
    const pieces = word.split(NOT_ALNUM).filter(Boolean);
    if (pieces.length > 1) parts.push(...pieces);
  }
  if (LATIN_ALNUM.test(bare) && /\d/.test(bare) && /[a-z]/.test(bare)) {
    const split = letterDigitParts(bare);
    if (split.length > 1) parts.push(...split);
  }
  return { bare: separated, parts };
}

interface RunWord {
  form: string;
  written: string;
  /** Holds a digit, or is a model letter ("M" of "M Pro", "S" of "Warrior S"). */
  digit: boolean;
}

type Joined = readonly (readonly [form: string, written: string])[];
const NONE: Joined = [];
const runMemo = new Map<string, Joined>();

/** The forms of a run of words joined 2 to 4 at a time (those holding a digit or a model letter), with the words as written. */
function joinedOf(run: readonly RunWord[]): Joined {
  let key = run[0]!.written;
  for (let k = 1; k < run.length; k++) key += ` ${run[k]!.written}`;
  let forms = runMemo.get(key);
  if (forms) return forms;
  const out: [string, string][] = [];
  for (let start = 0; start + 1 < run.length; start++) {
    let form = run[start]!.form;
    let written = run[start]!.written;
    let digit = run[start]!.digit;
    for (let end = start + 1; end < run.length && end - start < MAX_RUN; end++) {
      form += run[end]!.form;
      if (form.length > MAX_JOINED_LENGTH) break;
      written += ` ${run[end]!.written}`;
      digit ||= run[end]!.digit;
      if (digit) out.push([form, written]);
    }
  }
  forms = out.length ? out : NONE;
  if (runMemo.size > 50_000) runMemo.clear();
  runMemo.set(key, forms);
  return forms;
}

/** One word of a name as a run sees it: a word of the run, or one that ends it; punctuation around it ends a run too. */
interface RunStep {
  word: RunWord | undefined;
  breaksBefore: boolean;
  breaksAfter: boolean;
}

const stepMemo = new Map<string, RunStep>();

function stepOf(raw: string): RunStep {
  let step = stepMemo.get(raw);
  if (step) return step;
  const normal = raw.normalize('NFKC');
  const word = normal.toLowerCase();
  const plain = LATIN_ALNUM.test(word);
  const bare = plain ? word : alnumOf(word);
  step = {
    word:
      LATIN_ALNUM.test(bare) && !SIZE.test(bare)
        ? { form: bare, written: plain ? normal : trimmed(normal), digit: /\d/.test(bare) || /^[a-z]$/.test(bare) }
        : undefined,
    breaksBefore: !plain && /^[^\p{L}\p{N}]/u.test(word),
    // "Mr." is an abbreviation, not the end of the model.
    breaksAfter: !plain && /[^\p{L}\p{N}]$/u.test(word) && !ABBREVIATION.test(word),
  };
  if (stepMemo.size > 100_000) stepMemo.clear();
  stepMemo.set(raw, step);
  return step;
}

const WORD = /\S+/g;

/**
 * The model of a name run together (see above): the joined forms of its first run of two or more
 * Latin words, each with the words as written ("gan356", "GAN 356"); a form may come twice. Reads
 * the name only up to the end of that run.
 */
export function joinedFormsOf(name: string): Joined {
  const run: RunWord[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(name); m; m = WORD.exec(name)) {
    const step = stepOf(m[0]);
    if (step.breaksBefore) {
      if (run.length > 1) break;
      run.length = 0;
    }
    if (step.word) run.push(step.word);
    else if (run.length > 1) break;
    else run.length = 0;
    if (step.breaksAfter) {
      if (run.length > 1) break;
      run.length = 0;
    }
  }
  return run.length > 1 ? joinedOf(run) : NONE;
}

/** Ways of cutting a word tried at most (each with the fewest pieces). */
const MAX_CUTS = 4;

/**
 * A query word cut into known pieces, fewest first (at most 4, each known to `known`): "mgc3x3"
 * -> mgc, 3x3; "魔域威龙" -> 魔域, 威龙; "gan魔方" -> gan, 魔方. A separator always cuts; a piece
 * is all Chinese or all Latin letters and digits; a single letter only beside a digit ("v" of
 * "v10" is a piece, the "s" of "gans" is not). Every cut with the fewest pieces, up to 4
 * ("gan251mpro" -> gan251, mpro or gan251m, pro). Undefined when the word is not made of 2+ pieces.
 */
export function piecesOf(word: string, known: (piece: string) => boolean): string[][] | undefined {
  if (word.length > 30) return undefined;
  let cuts: string[][] = [[]];
  for (const segment of word.split(NOT_ALNUM)) {
    if (!segment) continue;
    const L = segment.length;
    // best[j]: fewest pieces covering segment[0, j); from[j]: where the last of them may start.
    const best = new Array<number>(L + 1).fill(Infinity);
    const from: number[][] = Array.from({ length: L + 1 }, () => []);
    best[0] = 0;
    for (let j = 1; j <= L; j++) {
      for (let i = 0; i < j; i++) {
        if (best[i]! + 1 > best[j]!) continue;
        const piece = segment.slice(i, j);
        const cjk = CJK_ONLY.test(piece);
        if (!cjk && !LATIN_ALNUM.test(piece)) continue;
        if (!cjk && piece.length === 1 && /[a-z]/.test(piece) && !/\d/.test(segment[i - 1] ?? '') && !/\d/.test(segment[j] ?? '')) continue;
        if (!known(piece)) continue;
        if (best[i]! + 1 < best[j]!) {
          best[j] = best[i]! + 1;
          from[j] = [];
        }
        from[j]!.push(i);
      }
    }
    if (best[L] === Infinity || best[L]! > 4) return undefined;
    const ways: string[][] = [];
    const walk = (j: number, tail: string[]) => {
      if (ways.length >= MAX_CUTS) return;
      if (j === 0) return void ways.push(tail);
      for (const i of from[j]!) walk(i, [segment.slice(i, j), ...tail]);
    };
    walk(L, []);
    cuts = cuts.flatMap((cut) => ways.map((way) => [...cut, ...way])).slice(0, MAX_CUTS);
  }
  cuts = cuts.filter((cut) => cut.length >= 2 && cut.length <= 4);
  return cuts.length ? cuts : undefined;
}

/** Forms with the products (or words) they answer with: one flat array of postings, keys sorted for prefixes. */
export interface Forms {
  keys: string[];
  idOf: Map<string, number>;
  start: Int32Array;
  flat: Int32Array;
}

export function formsFrom(lists: ReadonlyMap<string, readonly number[]>): Forms {
  const keys = [...lists.keys()].sort();
  const start = new Int32Array(keys.length + 1);
  let total = 0;
  keys.forEach((key, k) => {
    start[k] = total;
    total += lists.get(key)!.length;
  });
  start[keys.length] = total;
  const flat = new Int32Array(total);
  keys.forEach((key, k) => flat.set(lists.get(key)!, start[k]));
  return { keys, idOf: new Map(keys.map((key, k) => [key, k])), start, flat };
}

export const postingsOf = (forms: Forms, k: number) => forms.flat.subarray(forms.start[k], forms.start[k + 1]);

/** The numbers of the forms equal to `word`, or starting with it (`prefix`), by binary search in the sorted keys. */
export function* formsMatching(forms: Forms, word: string, prefix: boolean): Generator<number> {
  if (!prefix) {
    const k = forms.idOf.get(word);
    if (k !== undefined) yield k;
    return;
  }
  let lo = 0;
  let hi = forms.keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (forms.keys[mid]! < word) lo = mid + 1;
    else hi = mid;
  }
  for (let k = lo; k < forms.keys.length && forms.keys[k]!.startsWith(word); k++) yield k;
}

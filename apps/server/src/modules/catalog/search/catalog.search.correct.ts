/**
 * "Did you mean" (docs/catalog.md, Search, Never a dead end): the catalog's words nearest to a
 * word that matched nothing well, by edit distance over what is written (names, brands,
 * categories, run-together model names) and over the pinyin of the Chinese ones, so "gan357"
 * finds GAN 356, "tornadov5" Tornado V4, "魔遇" (mo-yu) 魔域, "longjuanfen" 龙卷风.
 */

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, swaps of neighbours),
 * or max + 1 as soon as it is known to be more than `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  let prev2 = new Array<number>(lb + 1).fill(0);
  let prev = Array.from({ length: lb + 1 }, (_, j) => j);
  let row = new Array<number>(lb + 1).fill(0);
  for (let i = 1; i <= la; i++) {
    row[0] = i;
    let lowest = i;
    for (let j = 1; j <= lb; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row[j] = d;
      if (d < lowest) lowest = d;
    }
    if (lowest > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return Math.min(prev[lb]!, max + 1);
}

/** How far a word may be from what it meant: none for 1-2 characters (1 for a model code like "v8"), 1 up to 4, 2 up to 8, then 3. */
export function allowedEdits(word: string): number {
  const length = word.length;
  if (length <= 2) return length === 2 && /\d/.test(word) && /[a-z]/.test(word) ? 1 : 0;
  return length <= 4 ? 1 : length <= 8 ? 2 : 3;
}

/** One word of the catalog as "did you mean" may offer it: compared by `key`, offered as `text`. */
export interface DictionaryEntry {
  key: string;
  text: string;
}

/**
 * The entries nearest to `key` (at most `limit`), nearest first, each with its distance; at equal
 * distance those with the same first letter, then the closest length; for a key with a digit,
 * only entries with one (when there are). Identical keys are skipped
 * unless their text differs from `except` (a Chinese word typed with the wrong characters has the
 * same pinyin as the right ones).
 */
export function nearest(entries: readonly DictionaryEntry[], key: string, limit: number, except?: string): (DictionaryEntry & { distance: number })[] {
  const max = allowedEdits(key);
  if (max === 0 && except === undefined) return [];
  const found: { entry: DictionaryEntry; distance: number }[] = [];
  for (const entry of entries) {
    if (Math.abs(entry.key.length - key.length) > max) continue;
    if (entry.text === except) continue;
    const distance = entry.key === key ? 0 : editDistance(key, entry.key, max);
    if (distance > max || (distance === 0 && except === undefined)) continue;
    found.push({ entry, distance });
  }
  // A word with a digit is a model ("valk4"): a model is meant ("Valk 3"), not a word ("valk"), when there is one.
  if (/\d/.test(key) && found.some((f) => /\d/.test(f.entry.key))) found.splice(0, found.length, ...found.filter((f) => /\d/.test(f.entry.key)));
  found.sort(
    (x, y) =>
      x.distance - y.distance ||
      Number(y.entry.key[0] === key[0]) - Number(x.entry.key[0] === key[0]) ||
      Math.abs(x.entry.key.length - key.length) - Math.abs(y.entry.key.length - key.length) ||
      (x.entry.key < y.entry.key ? -1 : x.entry.key > y.entry.key ? 1 : 0),
  );
  const out: (DictionaryEntry & { distance: number })[] = [];
  const texts = new Set<string>();
  for (const { entry, distance } of found) {
    if (texts.has(entry.text.toLowerCase())) continue;
    texts.add(entry.text.toLowerCase());
    out.push({ ...entry, distance });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The one rule every string a client sends must pass, whatever the field (docs/architecture.md, "Rules that
 * hold everywhere"): no NUL or other control characters and no unpaired UTF-16 surrogates.
 * PostgreSQL cannot store U+0000 at all, and the others are never typed by a person: they are
 * refused at the edge (the server checks every string of every request and WebSocket frame) with
 * 400 and the sentence of `v.text.control`, instead of failing deeper down.
 *
 * Allowed: tab, line feed and carriage return (multi-line comments and addresses).
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type TTextProblem = 'control' | 'surrogate';

/** Why a string may not be accepted, or null when it may. */
export function textProblem(value: string): TTextProblem | null {
  if (FORBIDDEN.test(value)) return 'control';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

/** Largest nesting of objects and arrays accepted in a request body or frame. */
export const INPUT_MAX_DEPTH = 32;

export interface TInputProblem {
  /** Dotted path of the offending value ('address.name', 'items.3.id'), '' for the value itself. */
  path: string;
  problem: TTextProblem | 'depth';
}

/**
 * The first string (key or value) in a decoded JSON value, query or params object that breaks
 * the text rule, or a nesting deeper than INPUT_MAX_DEPTH. Walks without recursion, so a hostile
 * value cannot overflow the stack.
 */
export function findInputProblem(value: unknown, maxDepth = INPUT_MAX_DEPTH): TInputProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    const current = item.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: item.path, problem };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (item.depth >= maxDepth) return { path: item.path, problem: 'depth' };
    const join = (key: string) => {
      const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
      return item.path ? `${item.path}.${shown}` : shown;
    };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], path: join(String(i)), depth: item.depth + 1 });
      continue;
    }
    // Plain decoded objects only (JSON bodies, parsed query strings, whose prototype may be a bare
    // object without a prototype of its own); buffers, streams and other class instances are left alone.
    const proto = Object.getPrototypeOf(current) as object | null;
    if (proto !== null && proto !== Object.prototype && Object.getPrototypeOf(proto) !== null) continue;
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const problem = textProblem(key);
      if (problem) return { path: join(key.replace(FORBIDDEN_GLOBAL, '?')), problem };
      stack.push({ value: (current as Record<string, unknown>)[key], path: join(key), depth: item.depth + 1 });
    }
  }
  return null;
}
// eslint-disable-next-line no-control-regex
const FORBIDDEN_GLOBAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

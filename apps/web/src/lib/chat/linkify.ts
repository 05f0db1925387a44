/** Splits chat text into plain parts and http(s) links (rendered as text nodes and <a>, never as HTML). */
export type TextPart = { type: 'text'; text: string } | { type: 'link'; text: string; href: string };

const URL_RE = /\bhttps?:\/\/[^\s<>"'（）「」，。]+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_RE)) {
    const start = match.index ?? 0;
    let url = match[0];
    const trail = TRAILING.exec(url)?.[0] ?? '';
    if (trail) url = url.slice(0, -trail.length);
    let href: string | null = null;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'http:' || parsed.protocol === 'https:') href = parsed.toString();
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ type: 'text', text: text.slice(last, start) });
    parts.push({ type: 'link', text: url, href });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', text: text.slice(last) });
  return parts;
}

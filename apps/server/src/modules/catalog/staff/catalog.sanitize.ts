import sanitizeHtml from 'sanitize-html';

/**
 * Product descriptions are HTML written by staff or imported from suppliers. They are sanitized
 * once, on write (the stored HTML is what the API returns): formatting, lists, tables, links and
 * images stay; scripts, event handlers, styles, iframes and javascript: URLs go.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'blockquote',
    'h2',
    'h3',
    'h4',
    'h5',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
    'figure',
    'figcaption',
    'img',
    'a',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  disallowedTagsMode: 'discard',
};

const memo = new Map<string, string>();

export function sanitizeDescription(html: string): string {
  const cached = memo.get(html);
  if (cached !== undefined) return cached;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  if (memo.size > 5_000) memo.clear();
  memo.set(html, clean);
  return clean;
}

/** The built app's entry module script (the build puts it in <head>), and the modules it preloads. */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="(\/assets\/[^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="(\/assets\/[^"]+)"[^>]*>\s*/g;
/** public/hydrate.js: fetches the app after the first paint. */
export const HYDRATE_SCRIPT = '/hydrate.js';

/**
 * The page template of server-rendered pages: the app's module script and its module preloads
 * give way to public/hydrate.js, which starts them once the page has painted. The HTML already
 * shows the page, so its stylesheet and first pictures come first on a slow line, and the app
 * hydrates right after (Lighthouse mobile: LCP = the first product picture, not the JavaScript).
 * A template without a built entry (the dev server's) is returned unchanged.
 */
export function contentFirstTemplate(template: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) return template;
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  const loader = `<script defer src="${HYDRATE_SCRIPT}" data-entry="${entry}" data-preload="${preloads.join(' ')}"></script>\n  `;
  return template.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `${loader}</head>`);
}

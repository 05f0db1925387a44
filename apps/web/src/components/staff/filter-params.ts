/**
 * Staff lists keep their filters in the URL (bookmarkable, shareable): the params after changing
 * one filter. A blank value removes it, and any change but the page's goes back to page 1.
 */
export function withFilter<K extends string>(params: URLSearchParams, key: K | 'page', value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(key, value.trim());
  else next.delete(key);
  if (key !== 'page') next.delete('page');
  return next;
}

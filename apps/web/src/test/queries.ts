import { within } from '@testing-library/react';

// Queries for what the screens show without a role of its own: a description list's values and
// struck-through figures.

/** The value (dd) of a term (dt) of a description list; its terms and values come in pairs. */
export function definitionOf(list: HTMLElement, term: string): HTMLElement {
  const index = within(list)
    .getAllByRole('term')
    .findIndex((dt) => dt.textContent?.trim() === term);
  const value = index < 0 ? undefined : within(list).getAllByRole('definition')[index];
  if (!value) throw new Error(`No value for "${term}" in the list`);
  return value;
}

/** The struck-through texts (<s>: a price or quantity no longer due) inside `element`, in order. */
export function struckThrough(element: HTMLElement): HTMLElement[] {
  return within(element).queryAllByText(() => true, { selector: 's' });
}

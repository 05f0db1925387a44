/**
 * A form entry as text: the value, or '' for a missing field (our forms have no file inputs, so
 * a File never comes back here).
 */
export const entryText = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value : '');

/** A text field of a submitted form: its value, or '' when the form has no such field. */
export const formText = (form: FormData, name: string): string => entryText(form.get(name));

/** A value of unknown type as text: an object or array as its JSON, anything else as String() writes it. */
export function toText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/**
 * The schema's `format` message for a date box (found by its element id) that shows a date the browser cannot read
 * (30 February, a year not finished): such a field is empty to the form, and its message read "Date of birth is
 * required" under a box showing 02/30/2009. Undefined for any other field, or a box holding a real date or none.
 */
export function unreadableDateMessage(schema: { format?: unknown; errorMessage?: unknown } | undefined, inputId: string): string | undefined {
  const format = (schema?.errorMessage as Record<string, unknown> | undefined)?.format;
  if (schema?.format !== 'date' || typeof format !== 'string' || typeof document === 'undefined') return undefined;
  const box = document.getElementById(inputId);
  return box instanceof HTMLInputElement && box.type === 'date' && box.validity.badInput ? format : undefined;
}

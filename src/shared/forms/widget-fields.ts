import type { JsonObject } from './form-registry';

/** Widgets whose value is a secret: never stored with a step, never sent back, never kept in the tab's draft. */
export const PASSWORD_WIDGETS: readonly string[] = ['password', 'password-strength'];
/** Widgets whose value is files (the step's documents, stored apart from its data). */
export const FILE_WIDGETS: readonly string[] = ['file-upload', 'file'];

/** The top-level fields of a form that its UI schema draws with one of `widgets`. */
export function fieldsDrawnBy(uiSchema: JsonObject, widgets: readonly string[]): string[] {
  return Object.entries(uiSchema)
    .filter(([key, ui]) => !key.startsWith('ui:') && ui && typeof ui === 'object' && widgets.includes(String((ui as JsonObject)['ui:widget'])))
    .map(([field]) => field);
}

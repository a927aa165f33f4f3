import { errorId, getUiOptions, helpId, type UiSchema } from '@rjsf/utils';

/**
 * What describes a field to a screen reader, for its focusable element: its messages while it has any (RJSF's error
 * list under it), its help, and what else the widget shows (a strength meter, a character count). Undefined for none.
 */
export function describedBy(id: string, rawErrors: unknown[] | undefined, uiSchema: UiSchema | undefined, ...extra: Array<string | false | undefined>): string | undefined {
  return [rawErrors?.length ? errorId(id) : '', getUiOptions(uiSchema).help ? helpId(id) : '', ...extra].filter(Boolean).join(' ') || undefined;
}

import { descriptionId, errorId, getUiOptions, helpId, type RJSFSchema, type UiSchema } from '@rjsf/utils';

/** What of a field's configuration its description comes from: `ui:description`, else the schema's `description`. */
export interface DescribedField {
  uiSchema?: UiSchema;
  schema?: RJSFSchema;
}

/**
 * What describes a field to a screen reader, for its focusable element: its messages while it has any (RJSF's error
 * list under it), its description (the schema's `description`, drawn under it by templates/description-field-template),
 * its help, and what else the widget shows (a strength meter, a character count). Undefined for none.
 */
export function describedBy(id: string, rawErrors: unknown[] | undefined, field: DescribedField, ...extra: Array<string | false | undefined>): string | undefined {
  // RJSF's own ui:description and ui:help (not options a widget of ours reads).
  const rjsf = getUiOptions(field.uiSchema);
  const description = rjsf.description ?? field.schema?.description;
  return [rawErrors?.length ? errorId(id) : '', description ? descriptionId(id) : '', rjsf.help ? helpId(id) : '', ...extra].filter(Boolean).join(' ') || undefined;
}

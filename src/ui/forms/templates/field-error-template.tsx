import type { FieldErrorProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { Templates } from '@rjsf/mui';
import { ALLOWED_OPTIONS_WIDGET } from '../widget-registry';

const MuiFieldErrorTemplate = Templates.FieldErrorTemplate!;

/** A widget that renders its field's messages itself (from `rawErrors`) says so with this flag. */
export interface ShowsOwnMessages {
  showsOwnMessages?: boolean;
}

/**
 * A date the browser shows but cannot read (30 February, a year not finished) leaves the field empty to the form:
 * its message read "Date of birth is required" under a box showing 02/30/2009. Such a field's message is the
 * schema's `format` message (the box is read as the messages are drawn: after a Next, a Save or a blur).
 */
function unreadableDateMessage(props: FieldErrorProps): string | undefined {
  const format = (props.schema.errorMessage as Record<string, unknown> | undefined)?.format;
  if (props.schema.format !== 'date' || typeof format !== 'string' || !props.errors?.length) return undefined;
  const box = typeof document === 'undefined' ? null : document.getElementById(props.fieldPathId.$id);
  return box instanceof HTMLInputElement && box.type === 'date' && box.validity.badInput ? format : undefined;
}

/**
 * RJSF's MUI error list under a field, except for a field whose widget shows the messages itself (agreement,
 * yes-no, searchable-select, file-upload, beneficiary-list, otp, document-checklist: they set `showsOwnMessages`). Both used to
 * render, so such a message showed twice. The root's messages are not listed either: SchemaForm shows them
 * once, in its alert above the fields (see transformErrors).
 */
export default function FieldErrorTemplate(props: FieldErrorProps) {
  if (!props.fieldPathId?.path?.length) return null;
  const options = getUiOptions(props.uiSchema);
  // A field under an option rule in force is drawn by its own widget (allowed-options-widget.tsx).
  const widget = options.widget === ALLOWED_OPTIONS_WIDGET && typeof options.optionsWidget === 'string' ? options.optionsWidget : options.widget;
  const component = (typeof widget === 'string' ? props.registry.widgets[widget] : widget) as ShowsOwnMessages | undefined;
  if (component?.showsOwnMessages) return null;
  const unreadable = unreadableDateMessage(props);
  return <MuiFieldErrorTemplate {...props} errors={unreadable ? [unreadable] : props.errors} />;
}

import type { FieldErrorProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { Templates } from '@rjsf/mui';
import { ALLOWED_OPTIONS_WIDGET } from '../widget-registry';
import { unreadableDateMessage } from '../unreadable-date-message';

const MuiFieldErrorTemplate = Templates.FieldErrorTemplate!;

/** A widget that renders its field's messages itself (from `rawErrors`) says so with this flag. */
export interface ShowsOwnMessages {
  showsOwnMessages?: boolean;
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
  // Read as the messages are drawn (after a Next, a Save, a blur): the box's own state, which the form never sees.
  const unreadable = props.errors?.length ? unreadableDateMessage(props.schema, props.fieldPathId.$id) : undefined;
  return <MuiFieldErrorTemplate {...props} errors={unreadable ? [unreadable] : props.errors} />;
}

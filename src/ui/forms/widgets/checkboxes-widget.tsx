import { errorId, type WidgetProps } from '@rjsf/utils';
import { Widgets } from '@rjsf/mui';

const ThemeCheckboxesWidget = Widgets.CheckboxesWidget;

/**
 * RJSF's checkboxes (`ui:widget: "checkboxes"`, a list of choices), as one named group, as the radio widget: the
 * theme's box of checkboxes had no role nor name, and with a message nothing marked it invalid or tied the message
 * to it. Now role="group" named by the field's label, aria-invalid and described by its error list (`<id>__error`).
 */
export default function CheckboxesWidget(props: WidgetProps) {
  const mui = (props.options.mui ?? {}) as Record<string, unknown>;
  const invalid = props.rawErrors?.length ? { 'aria-invalid': true, 'aria-describedby': errorId(props.id) } : {};
  return <ThemeCheckboxesWidget {...props} options={{ ...props.options, mui: { role: 'group', 'aria-label': props.label || undefined, ...invalid, ...mui } }} />;
}

import type { WidgetProps } from '@rjsf/utils';
import { Widgets } from '@rjsf/mui';

const ThemeRadioWidget = Widgets.RadioWidget;

/**
 * RJSF's radio buttons (`ui:widget: "radio"`), with the group named by its field's label: the theme's group had no
 * name, so a screen reader said "Male, radio button" without "Gender" (the project's yes-no widget names its own).
 * With a message the group is marked invalid; the theme already describes it by its error list (`<id>__error`).
 */
export default function RadioWidget(props: WidgetProps) {
  const mui = (props.options.mui ?? {}) as Record<string, unknown>;
  const invalid = props.rawErrors?.length ? { 'aria-invalid': true } : {};
  return <ThemeRadioWidget {...props} options={{ ...props.options, mui: { 'aria-label': props.label || undefined, ...invalid, ...mui } }} />;
}

import type { WidgetProps } from '@rjsf/utils';
import { Widgets } from '@rjsf/mui';

const ThemeRadioWidget = Widgets.RadioWidget;

/**
 * RJSF's radio buttons (`ui:widget: "radio"`), with the group named by its field's label: the theme's group had no
 * name, so a screen reader said "Male, radio button" without "Gender" (the project's yes-no widget names its own).
 */
export default function RadioWidget(props: WidgetProps) {
  const mui = (props.options.mui ?? {}) as Record<string, unknown>;
  return <ThemeRadioWidget {...props} options={{ ...props.options, mui: { 'aria-label': props.label || undefined, ...mui } }} />;
}

import { getWidget, type WidgetProps } from '@rjsf/utils';

/**
 * A field under an option rule in force (`optionsWhen`, forms/README.md "Option rules"): its own widget
 * (`options.optionsWidget`, default a select), offered only the allowed options (`options.allowedOptions`).
 */
export default function AllowedOptionsWidget(props: WidgetProps) {
  const { options, schema, registry } = props;
  const allowed = (options.allowedOptions as unknown[] | undefined) ?? [];
  const inner = typeof options.optionsWidget === 'string' ? options.optionsWidget : 'select';
  const Widget = getWidget(schema, inner, registry.widgets);
  const enumOptions = (options.enumOptions ?? []).filter((o) => allowed.some((v) => JSON.stringify(v) === JSON.stringify(o.value)));
  return <Widget {...props} options={{ ...options, enumOptions }} />;
}

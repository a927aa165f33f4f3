import type { WidgetProps } from '@rjsf/utils';
import { formatDate } from '../../../shared/format-date';

/**
 * Review mode's date field (replaces RJSF's DateWidget when a form is read-only): the stored yyyy-mm-dd as
 * dd.mm.yyyy, the product's one date format, instead of a locked browser date picker in the browser's locale.
 */
export default function ReviewDateWidget(props: WidgetProps) {
  const { BaseInputTemplate } = props.registry.templates;
  return <BaseInputTemplate {...props} type="text" value={formatDate(props.value)} readonly />;
}

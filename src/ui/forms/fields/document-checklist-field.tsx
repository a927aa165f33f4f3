import { getUiOptions, type FieldProps, type WidgetProps } from '@rjsf/utils';
import DocumentChecklistWidget from '../widgets/document-checklist-widget';

/** RJSF gives objects to fields, not widgets: this field lets `document-checklist` sit on an object of booleans. */
export default function DocumentChecklistField(props: FieldProps) {
  const { fieldPathId, formData, onChange, schema, uiSchema, disabled, readonly, rawErrors, registry } = props;
  return (
    <DocumentChecklistWidget
      {...(props as unknown as WidgetProps)}
      id={fieldPathId?.$id ?? 'root'}
      value={formData}
      schema={schema}
      options={getUiOptions(uiSchema)}
      disabled={disabled}
      readonly={readonly}
      rawErrors={rawErrors}
      registry={registry}
      onChange={(value: unknown) => onChange(value, fieldPathId?.path ?? [])}
    />
  );
}

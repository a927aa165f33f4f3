import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';

/** One widget as a form draws it, holding its value (shown in `data-testid="value"` as JSON) between changes. */
export function Host({ Widget, schema, initial, formContext, options = {} }: { Widget: React.ComponentType<WidgetProps>; schema: any; initial?: unknown; formContext?: any; options?: any }) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <Widget
        {...({} as WidgetProps)}
        id="root_field"
        name="field"
        label={schema.title ?? 'Field'}
        schema={schema}
        uiSchema={{}}
        value={value}
        onChange={setValue}
        onBlur={() => undefined}
        onFocus={() => undefined}
        options={options}
        formContext={formContext}
        registry={{} as any}
      />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

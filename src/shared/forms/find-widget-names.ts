/** Every `ui:widget` string in a UI schema with its JSON path (e.g. "/address/ui:widget"). */
export function findWidgetNames(uiSchema: unknown, path = ''): Array<{ name: string; path: string }> {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  const found: Array<{ name: string; path: string }> = [];
  for (const [key, value] of Object.entries(uiSchema as Record<string, unknown>)) {
    const here = `${path}/${key}`;
    if (key === 'ui:widget' && typeof value === 'string') found.push({ name: value, path: here });
    // A React element placed by the page (a `mui` adornment) is no UI schema: its owner links make cycles in development builds.
    else if (value && typeof value === 'object' && !('$$typeof' in value)) found.push(...findWidgetNames(value, here));
  }
  return found;
}

/** Throws, naming the widget, its place and the schema, when a UI schema uses a widget name nobody registered. */
export function assertKnownWidgets(formId: string, schema: unknown, uiSchema: unknown, known: readonly string[]): void {
  for (const { name, path } of findWidgetNames(uiSchema)) {
    if (!known.includes(name)) {
      throw new Error(
        `Unknown widget "${name}" at ${path} in forms/${formId}.ui.json. Known widgets: ${known.join(', ')}. Schema: ${JSON.stringify(schema)}`,
      );
    }
  }
}

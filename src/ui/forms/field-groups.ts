/** A titled section of an object's fields (`ui:groups` in a UI schema; forms/README.md "Sections"). */
export interface FieldGroup {
  title: string;
  description?: string;
  fields: string[];
}

export interface GroupedElements<E> {
  /** The group, or none for the fields no group names (they follow the groups, without a heading). */
  group?: FieldGroup;
  elements: E[];
  /** Every field of the section is hidden (`ui:widget: hidden` or a `showWhen` that does not hold): no heading. */
  allHidden: boolean;
}

/** Reads `ui:groups` (given as the UI options' `groups`): a list of `{ title, fields }`, else none. */
export function fieldGroupsOf(groups: unknown): FieldGroup[] {
  if (!Array.isArray(groups)) return [];
  return groups.filter((g): g is FieldGroup => Boolean(g) && typeof g.title === 'string' && Array.isArray(g.fields));
}

/**
 * Splits an object's rendered fields into its groups: each group's fields in the group's order, then the fields no
 * group names (hidden computed fields, usually) in their own order. A field a group names but the object does not
 * render (a conditional field of another branch) is left out; the config checker reports names no schema has.
 */
export function groupElements<E extends { name: string; hidden: boolean }>(elements: readonly E[], groups: readonly FieldGroup[]): Array<GroupedElements<E>> {
  const byName = new Map(elements.map((e) => [e.name, e]));
  const placed = new Set<string>();
  const sections: Array<GroupedElements<E>> = [];
  for (const group of groups) {
    const own = group.fields.filter((f) => !placed.has(f)).flatMap((f) => (byName.has(f) ? [byName.get(f)!] : []));
    own.forEach((e) => placed.add(e.name));
    sections.push({ group, elements: own, allHidden: own.every((e) => e.hidden) });
  }
  const rest = elements.filter((e) => !placed.has(e.name));
  if (rest.length) sections.push({ elements: rest, allHidden: rest.every((e) => e.hidden) });
  return sections;
}

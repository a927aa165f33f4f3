import roles from '../../../../forms/lists/roles.json';
import offices from '../../../../forms/lists/offices.json';

/** User ids are shown zero-padded to 5 digits (spec 2 section 9). */
export function padUserId(id: number): string {
  return String(id).padStart(5, '0');
}

function titleOf(list: { oneOf: Array<{ const: number; title: string }> }, id: number | null | undefined): string | undefined {
  return list.oneOf.find((o) => o.const === id)?.title;
}

/** The role's name from forms/lists/roles.json; an unknown id shows 'Role ID: {id}' (spec 2 section 3). */
export function roleName(id: number | null | undefined): string {
  return titleOf(roles, id) ?? `Role ID: ${id}`;
}

/** The office's name from forms/lists/offices.json; an unknown id shows 'Office ID: {id}'. */
export function officeName(id: number | null | undefined): string {
  return titleOf(offices, id) ?? `Office ID: ${id}`;
}

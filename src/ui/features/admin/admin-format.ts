import roles from '../../../../forms/lists/roles.json';
import offices from '../../../../forms/lists/offices.json';

/** User ids are shown zero-padded to 5 digits (spec 2 section 9). */
export function padUserId(id: number): string {
  return String(id).padStart(5, '0');
}

const two = (n: number) => String(n).padStart(2, '0');

/** dd.mm.yyyy hh:mm in the viewer's time zone (spec 2 section 2). */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getDate())}.${two(d.getMonth() + 1)}.${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A stored date (yyyy-mm-dd) as dd.mm.yyyy, without time-zone shifts. */
export function formatDate(value: string | null | undefined): string {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return m ? `${m[3]}.${m[2]}.${m[1]}` : '';
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

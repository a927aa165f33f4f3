import roles from '../../../../forms/lists/roles.json';
import offices from '../../../../forms/lists/offices.json';
import userSchema from '../../../../forms/admin/user.schema.json';
import userUi from '../../../../forms/admin/user.ui.json';
import { fieldTitles } from '../../../shared/audit-words';
import { ADMIN_TEXTS } from '../../../shared/admin-texts';
import { fillText } from '../../../shared/fill-text';

/** An administrator as the server names them, else by number (admin.json `unnamedUser`, "User {id}"). */
export function adminName(name: string | null | undefined, id: number): string {
  return name ?? fillText(ADMIN_TEXTS.unnamedUser, { id: String(id) });
}

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

/** A user's field names as the user form labels them (forms/admin/user.schema.json titles), for the audit trail. */
export const USER_FIELD_LABELS = fieldTitles(userSchema);

/** A gender's words as the user form offers it (its UI schema's `ui:enumNames`, in the schema's `enum` order). */
export const GENDER_LABELS: Record<string, string> = Object.fromEntries(
  ((userSchema.properties.gender as { enum?: string[] }).enum ?? []).map((value, i) => [value, (userUi.gender as { 'ui:enumNames'?: string[] })['ui:enumNames']?.[i] ?? value]),
);

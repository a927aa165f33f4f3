import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration. The rule is copied here on purpose (it is
// src/shared/mobile-number.ts `normaliseMobile` as of this migration), so a later change to the shared
// function cannot change what this migration did.
function normalise(text: string): string {
  const trimmed = text.trim().replace(/^[\s(]+/, '');
  let digits = trimmed.replace(/\D/g, '');
  if (!digits) return '';
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (trimmed.startsWith('00')) {
    digits = digits.slice(2);
    return `+${digits}`;
  }
  if (digits.length === 7) return `+1868${digits}`;
  if (digits.length === 10 && /^[2-9]/.test(digits)) return `+1${digits}`;
  return `+${digits}`;
}

/**
 * Mobile numbers were stored as typed, so `+1 868 300 0002` and `+18683000002` could be two users.
 * Every stored mobile (users, members, signups) becomes the one normalised form. Two users whose numbers
 * turn out to be the same stop the migration with their ids: an administrator decides which keeps it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const users: Array<{ id: number; mobile: string }> = await db.selectFrom('users').select(['id', 'mobile']).where('mobile', 'is not', null).orderBy('id').execute();
  const holders = new Map<string, number[]>();
  for (const user of users) {
    const key = normalise(user.mobile);
    if (key) holders.set(key, [...(holders.get(key) ?? []), user.id]);
  }
  const shared = [...holders.entries()].filter(([, ids]) => ids.length > 1);
  if (shared.length) {
    const list = shared.map(([mobile, ids]) => `${mobile}: users ${ids.join(', ')}`).join('; ');
    throw new Error(`Normalising mobile numbers: these users hold the same number written differently (${list}). Change all but one of them, then start again.`);
  }
  for (const table of ['users', 'members', 'signups'] as const) {
    const rows: Array<{ id: number | string; mobile: string }> = await db.selectFrom(table).select(['id', 'mobile']).where('mobile', 'is not', null).execute();
    for (const row of rows) {
      const value = normalise(row.mobile);
      if (value && value !== row.mobile) await db.updateTable(table).set({ mobile: value }).where('id', '=', row.id).execute();
    }
  }
}

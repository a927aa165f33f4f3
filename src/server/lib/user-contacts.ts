import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import { normaliseMobile } from '../../shared/mobile-number.js';

// An email or mobile belongs to one online user: the administrator's user form, approval and the applicant's
// code steps all ask here.

/**
 * Whether an online user already holds this email (case-insensitive) or mobile (compared by its digits).
 * Asked only where the person proves control of the address (the email and mobile code steps), never
 * when an application is created: POST /signups/ answers alike for every address (SECURITY.md row 22).
 */
export async function onlineUserHolds(db: Kysely<Database>, kind: 'email' | 'mobile', value: string): Promise<boolean> {
  const query = db.selectFrom('users').select('id');
  const row =
    kind === 'email'
      ? await query.where(sql`lower(email)`, '=', value.trim().toLowerCase()).executeTakeFirst()
      : await query.where(sql`regexp_replace(coalesce(mobile, ''), '[^0-9]', '', 'g')`, '=', value.replace(/\D/g, '')).executeTakeFirst();
  return row !== undefined;
}

/** Which of email / mobile another user already holds (the unique indexes decide races; this gives both messages at once). */
export async function takenContacts(db: Kysely<Database>, contact: { email: string; mobile: string | null }, exceptUserId?: number): Promise<{ email: boolean; mobile: boolean }> {
  // Mobiles are stored normalised (src/shared/mobile-number.ts), so one form compares equal to another.
  const mobile = contact.mobile ? normaliseMobile(contact.mobile) : null;
  let query = db
    .selectFrom('users')
    .select(['email', 'mobile'])
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', contact.email.toLowerCase()), ...(mobile ? [eb('mobile', '=', mobile)] : [])]));
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  const rows = await query.execute();
  return {
    email: rows.some((r) => r.email.toLowerCase() === contact.email.toLowerCase()),
    mobile: !!mobile && rows.some((r) => r.mobile === mobile),
  };
}

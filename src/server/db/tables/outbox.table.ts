import type { ColumnType, Generated } from 'kysely';

/** Every email and SMS the product sends, written in the same transaction as the change that causes it. */
export interface OutboxTable {
  id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  /** What the message is for (e.g. sign_in_code, signup_email_code); tests and the dev page filter by it. */
  purpose: string;
  status: Generated<'pending' | 'sent' | 'logged' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_on: ColumnType<Date, Date | string | undefined, never>;
  sent_on: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** A pending message is due when this is null or past; a server sending it holds it by setting this ahead (its claim). */
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The administrator's search read each candidate row's text through translate() (the accents folded, migration
// 2026-11-28T0400) to recheck the trigram match: 31 ms for a surname at a million applications, against 7 before.
// The folded text is now a stored column, computed once when a row is written, and the trigram index is on it: the
// recheck reads the column. lib/search-fold.ts SIGNUP_SEARCH_TEXT names it.
const FROM = `ÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠȘŢŤŦȚÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽàáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżžı-''’`;
const TO = 'AAAAAAAAACCCCCDDEEEEEEEEEGGGGHHIIIIIIIIJKLLLLLNNNNOOOOOOOOORRRSSSSSTTTTUUUUUUUUUUWYYYZZZaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzi ';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signups_search_idx`.execute(db);
  await sql
    .raw(`alter table signups add column search_text text generated always as (translate((first_name || ' ' || last_name || chr(10) || coalesce(middle_name, '') || chr(10) || email || chr(10) || mobile), '${FROM}', '${TO}')) stored`)
    .execute(db);
  await sql`create index signups_search_idx on signups using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signups_search_idx`.execute(db);
  await db.schema.alterTable('signups').dropColumn('search_text').execute();
  await sql
    .raw(`create index signups_search_idx on signups using gin ((translate((first_name || ' ' || last_name || chr(10) || coalesce(middle_name, '') || chr(10) || email || chr(10) || mobile), '${FROM}', '${TO}')) gin_trgm_ops)`)
    .execute(db);
}

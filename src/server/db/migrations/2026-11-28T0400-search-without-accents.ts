import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in a new migration.
// The administrator's search of applications by a name typed without its accents or marks ("Lukasiewicz" for
// Łukasiewicz, "Andre" for André, "OBrien" for O'Brien, "Jean Luc" for Jean-Luc): the trigram index on the same
// text as before, each letter with a mark read as its letter, a hyphen as a space, an apostrophe dropped. The
// repository's SIGNUP_SEARCH_TEXT (lib/search-fold.ts) writes this expression alike, so the planner uses it.
const FROM = `ÀÁÂÃÄÅĀĂĄÇĆĈĊČĎĐÈÉÊËĒĔĖĘĚĜĞĠĢĤĦÌÍÎÏĨĪĬĮĴĶĹĻĽĿŁÑŃŅŇÒÓÔÕÖØŌŎŐŔŖŘŚŜŞŠȘŢŤŦȚÙÚÛÜŨŪŬŮŰŲŴÝŸŶŹŻŽàáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšșţťŧțùúûüũūŭůűųŵýÿŷźżžı-''’`;
const TO = 'AAAAAAAAACCCCCDDEEEEEEEEEGGGGHHIIIIIIIIJKLLLLLNNNNOOOOOOOOORRRSSSSSTTTTUUUUUUUUUUWYYYZZZaaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiijklllllnnnnooooooooorrrsssssttttuuuuuuuuuuwyyyzzzi ';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signups_search_idx`.execute(db);
  await sql
    .raw(`create index signups_search_idx on signups using gin ((translate((first_name || ' ' || last_name || chr(10) || coalesce(middle_name, '') || chr(10) || email || chr(10) || mobile), '${FROM}', '${TO}')) gin_trgm_ops)`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signups_search_idx`.execute(db);
  await sql`create index signups_search_idx on signups using gin ((first_name || ' ' || last_name || chr(10) || coalesce(middle_name, '') || chr(10) || email || chr(10) || mobile) gin_trgm_ops)`.execute(db);
}

import { sql, type RawBuilder } from 'kysely';

/**
 * The letters with marks a name is searched without, each with its letter (same case: `ilike` does the case, in
 * any database locale), and the marks that join or split a name: a hyphen reads as a space, an apostrophe as
 * nothing. "Lukasiewicz" finds Łukasiewicz, "Andre" André, "OBrien" or "O Brien"… O'Brien's "OBrien", "Jean Luc"
 * Jean-Luc. Postgres `translate` drops the characters of FROM past the end of TO (the apostrophes).
 */
const LETTERS: Array<[string, string]> = [
  ['ÀÁÂÃÄÅĀĂĄ', 'A'], ['ÇĆĈĊČ', 'C'], ['ĎĐ', 'D'], ['ÈÉÊËĒĔĖĘĚ', 'E'], ['ĜĞĠĢ', 'G'], ['ĤĦ', 'H'], ['ÌÍÎÏĨĪĬĮ', 'I'],
  ['Ĵ', 'J'], ['Ķ', 'K'], ['ĹĻĽĿŁ', 'L'], ['ÑŃŅŇ', 'N'], ['ÒÓÔÕÖØŌŎŐ', 'O'], ['ŔŖŘ', 'R'], ['ŚŜŞŠȘ', 'S'], ['ŢŤŦȚ', 'T'],
  ['ÙÚÛÜŨŪŬŮŰŲ', 'U'], ['Ŵ', 'W'], ['ÝŸŶ', 'Y'], ['ŹŻŽ', 'Z'],
];
const lower = LETTERS.map(([from, to]): [string, string] => [from.toLowerCase(), to.toLowerCase()]);
const pairs = [...LETTERS, ...lower, ['ı', 'i']].flatMap(([from, to]) => [...from].map((c) => [c, to] as const));

/** Every character `translate` changes, then the hyphen (to a space), then the apostrophes (dropped). */
export const SEARCH_FOLD_FROM = `${pairs.map(([c]) => c).join('')}-'’`;
export const SEARCH_FOLD_TO = `${pairs.map(([, to]) => to).join('')} `;

const map = new Map<string, string>([...pairs, ['-', ' '], ["'", ''], ['’', '']]);

/** The typed search text as `foldedForSearch` reads the stored text in the database (the same table, in TypeScript). */
export function foldForSearch(text: string): string {
  return [...text].map((c) => map.get(c) ?? c).join('');
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * `translate(expression, FROM, TO)` with the two as constants in the SQL text: an index on the expression is only
 * used by a query that writes it alike (a bound parameter would not be).
 */
export function foldedForSearch(expression: RawBuilder<string>): RawBuilder<string> {
  return sql<string>`translate(${expression}, ${sql.raw(literal(SEARCH_FOLD_FROM))}, ${sql.raw(literal(SEARCH_FOLD_TO))})`;
}

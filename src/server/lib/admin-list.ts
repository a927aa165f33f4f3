/** What an administrator list (`GET /users`, `GET /signups`) asks its repository for. */
export interface AdminListOptions<Status extends string> {
  page: number;
  pageSize: number;
  search?: string;
  status?: Status;
}

/** The querystring schema of an administrator list: page (from 1), page_size, search text and a status filter. */
export function adminListQuerystring(statuses: readonly string[], defaultPageSize: number) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
      page_size: { type: 'integer', minimum: 1, maximum: 100, default: defaultPageSize },
      search: { type: 'string', maxLength: 100 },
      status: { type: 'string', enum: statuses },
    },
  } as const;
}

/** The repository's options from a querystring that `adminListQuerystring` has validated. */
export function adminListOptions<Status extends string>(query: unknown): AdminListOptions<Status> {
  const q = query as { page: number; page_size: number; search?: string; status?: Status };
  return { page: q.page, pageSize: q.page_size, search: q.search, status: q.status };
}

/** `%`, `_` and `\` typed into a search box are literal characters, not patterns (for `ilike`). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

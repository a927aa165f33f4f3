/** Facts about the product shared by the browser and the server. */
// The session's length and the roles: what the browser's first page needs, in a module of their own.
export { SESSION_MINUTES, ROLES, type RoleId } from './roles';
export const API_TIMEOUT_MS = 30_000;
export const API_KEY_HEADER = 'x-api-key';
export const API_SECRET_HEADER = 'x-api-secret';
export const TOKEN_HEADER = 'x-access-token';
export const SESSION_COOKIE = 'cu_session';
export const APPLICANT_TOKEN_HEADER = 'x-applicant-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Office ids the code acts on; their names are in forms/lists/offices.json (a test checks each id is listed there). */
export const OFFICES = { TRINIDAD_PORT_OF_SPAIN: 1, TOBAGO_PANAM_BUILDING: 2 } as const;
export type OfficeId = (typeof OFFICES)[keyof typeof OFFICES];

/**
 * The credit union's home country: Trinidad and Tobago (ISO 3166-1 alpha-2 `TT`, as in forms/lists/countries.json),
 * in the North American numbering plan (+1) with area code 868. Flow conditions name the country in
 * flows/onboarding.flow.json (configuration, not code).
 */
export const HOME_COUNTRY = { code: 'TT', callingCode: '1', areaCode: '868' } as const;

/** Facts about the product shared by the browser and the server. */
export const SESSION_MINUTES = 5;
export const API_TIMEOUT_MS = 30_000;
export const API_KEY_HEADER = 'x-api-key';
export const API_SECRET_HEADER = 'x-api-secret';
export const TOKEN_HEADER = 'x-access-token';
export const SESSION_COOKIE = 'cu_session';
export const APPLICANT_TOKEN_HEADER = 'x-applicant-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const ROLES = { SYSTEMS_ADMINISTRATOR: 1, CUSTOMER: 2 } as const;
export const ROLE_NAMES: Record<number, string> = { 1: 'Systems Administrator', 2: 'Customer' };
export const OFFICES = { TRINIDAD_PORT_OF_SPAIN: 1, TOBAGO_PANAM_BUILDING: 2 } as const;
export const OFFICE_NAMES: Record<number, string> = { 1: 'Trinidad, Port of Spain', 2: 'Tobago, Panam Building' };

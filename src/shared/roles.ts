/** How long a session lasts without activity (spec 1). */
export const SESSION_MINUTES = 5;

/** Role ids the code acts on; their names are in forms/lists/roles.json (a test checks each id is listed there). */
export const ROLES = { SYSTEMS_ADMINISTRATOR: 1, CUSTOMER: 2 } as const;
export type RoleId = (typeof ROLES)[keyof typeof ROLES];

import type { Selectable } from 'kysely';

export interface RolesTable { id: number; name: string }
export interface OfficesTable { id: number; name: string }
export type Role = Selectable<RolesTable>;
export type Office = Selectable<OfficesTable>;

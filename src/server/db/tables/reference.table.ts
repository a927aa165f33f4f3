import type { Generated } from 'kysely';

/** A role; `can_use_studio`: its administrators may open the analyst studio in production (migration 2026-11-27T0001). */
export interface RolesTable { id: number; name: string; can_use_studio: Generated<boolean> }
export interface OfficesTable { id: number; name: string }

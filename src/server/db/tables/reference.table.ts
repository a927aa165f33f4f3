export interface RolesTable { id: number; name: string }
export interface OfficesTable { id: number; name: string }

import { http } from '../../../lib/api-client';
import type { AuditEntry } from '../../../../shared/api-types';
import type { UserStatusFilter } from '../../../../shared/statuses';

/** A user as GET /users and GET /users/{id} return it (spec 2 section 3). */
export interface AdminUser {
  id: number;
  first_name: string;
  last_name: string;
  other_names: string | null;
  name: string;
  email: string;
  mobile: string | null;
  role_id: number;
  office_id: number | null;
  dob: string | null;
  gender: string | null;
  is_blocked: boolean;
  is_deleted: boolean;
  member_id: number | null;
  last_signed_in_on: string | null;
}

/** The list's filter: one of the user statuses, or '' for all. */
export type UserListStatus = '' | UserStatusFilter;

export interface UserListQuery {
  page: number;
  pageSize: number;
  search: string;
  status: UserListStatus;
}

export function fetchUsers(q: UserListQuery) {
  return http.get<{ items: AdminUser[]; total: number }>('/users', {
    params: { page: q.page, page_size: q.pageSize, ...(q.search.trim() ? { search: q.search.trim() } : {}), ...(q.status ? { status: q.status } : {}) },
  });
}

export function fetchUser(id: number | string) {
  return http.get<{ user: AdminUser; audit: AuditEntry[] }>(`/users/${id}`);
}

export function createUser(body: Record<string, unknown>) {
  return http.post<{ message: string; user: AdminUser }>('/users', body);
}

export function updateUser(id: number, body: Record<string, unknown>) {
  return http.put<{ message: string; user: AdminUser }>(`/users/${id}`, body);
}

export function setUserBlocked(id: number, isBlocked: boolean) {
  return http.put<{ message: string; user: AdminUser }>(`/users/${id}`, { is_blocked: isBlocked });
}

export function softDeleteUser(id: number) {
  return http.delete<{ message: string; user: AdminUser }>(`/users/${id}/soft`);
}

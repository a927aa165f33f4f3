import { http } from '../../../lib/api-client';

/** GET /funnel: the onboarding funnel for a date range and a configuration version (DESIGN.md "Funnel events"). */
export interface FunnelReport {
  from: string;
  to: string;
  version: string | null;
  versions: Array<{ hash: string; first_seen_on: string; last_seen_on: string; current: boolean }>;
  starts: number;
  applications: number;
  steps: Array<{ step: string; title: string; reached: number; completed: number; dropped: number; refusals: number; median_seconds: number | null }>;
  refused_fields: Array<{ step: string; title: string; field: string; refusals: number }>;
  paths: Array<{ path: string; visits: number; completed: number; rate: number }>;
}

export function fetchFunnel(query: { from?: string; to?: string; version?: string }) {
  const params = Object.fromEntries(Object.entries(query).filter(([, v]) => v));
  return http.get<FunnelReport>('/funnel', { params });
}

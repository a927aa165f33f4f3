// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { api } from '../../../../src/ui/lib/api-client';
import { setTimeZone, today } from '../../../../src/shared/dates/today';
import { syncSessionWithServer } from '../../../../src/ui/features/auth/session-sync';
import { clearOnboarding } from '../../../../src/ui/features/onboarding/flow-actor';
import { renderAt } from '../../render-app';

const HOUR_MS = 3_600_000;
const original = api.defaults.adapter;
const respond = (config: Parameters<AxiosAdapter>[0], data: unknown) => ({ status: 200, statusText: 'OK', data, headers: {}, config }) as AxiosResponse;

afterEach(() => {
  api.defaults.adapter = original;
  setTimeZone('America/Port_of_Spain');
  clearOnboarding();
});

describe("the wizard's time zone", () => {
  it("waits for the configuration before its first page, then reads today from the zone's offsets the server sent", async () => {
    // The credit union in Kiribati (UTC+14), which this test's runtime is not asked about: only the offsets tell.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.defaults.adapter = async (config) => {
      if (config.url !== '/config') return respond(config, {});
      await answered;
      const now = Date.now();
      return respond(config, { time_zone: 'Pacific/Kiritimati', time_zone_offsets: { until: now + 24 * HOUR_MS, changes: [{ from: now - 24 * HOUR_MS, minutes: 14 * 60 }] } });
    };
    void syncSessionWithServer(); // as main.tsx does at load
    renderAt('/new-or-existing-customer');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(screen.queryByRole('button', { name: /New Customer/ })).toBeNull();
    answer();
    expect(await screen.findByRole('button', { name: /New Customer/ })).toBeInTheDocument();
    expect(today()).toBe(new Date(Date.now() + 14 * HOUR_MS).toISOString().slice(0, 10));
  });

  it('waits 2 s at most for a configuration that does not come', async () => {
    vi.resetModules();
    const fresh = await import('../../../../src/ui/lib/api-client');
    fresh.api.defaults.adapter = () => new Promise<AxiosResponse>(() => undefined);
    const { configKnown } = await import('../../../../src/ui/features/auth/session-sync');
    vi.useFakeTimers();
    try {
      let known = false;
      void configKnown(2000).then(() => (known = true));
      await vi.advanceTimersByTimeAsync(1999);
      expect(known).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(known).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

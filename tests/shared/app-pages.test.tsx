// The checker refuses a wizard step whose route is one of the app's own pages (src/shared/app-pages.ts). That list is
// only as good as its match with the route table, so this reads the table itself: every page the app serves, but the
// wizard's steps, is in the list, and every exact path of the list is a page the app serves.
import type { RouteObject } from 'react-router-dom';
import { routes } from '../../src/ui/app/router';
import { APP_PAGE_PATHS, appPageOf } from '../../src/shared/app-pages';
import { listSteps } from '../../src/shared/flow/flow-types';
import flow from '../../flows/onboarding.flow.json';

const paths = (list: RouteObject[]): string[] => list.flatMap((r) => [...(r.path ? [r.path] : []), ...paths(r.children ?? [])]);

describe("the app's own pages", () => {
  const stepRoutes = new Set(listSteps(flow as never).map((s) => s.route));
  const served = paths(routes).filter((p) => p !== '*');

  it('are all in the list the checker reads, and no step route is among them', () => {
    const pages = served.filter((p) => !stepRoutes.has(p));
    expect(pages.filter((p) => !appPageOf(p))).toEqual([]);
    expect([...stepRoutes].filter((r) => appPageOf(r!))).toEqual([]);
  });

  it('the list names no page the app does not serve', () => {
    expect(APP_PAGE_PATHS.filter((p) => !served.includes(p))).toEqual([]);
  });
});

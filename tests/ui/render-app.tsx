import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { routes } from '../../src/ui/app/router';
import { ColorModeProvider } from '../../src/ui/app/color-mode';

// Pages drawn with MUI load its theme lazily (src/ui/components/mui-page.tsx), as the first page does without it;
// loading it here once keeps a file's first test from spending its wait on transforming MUI.
await import('../../src/ui/app/mui-theme');

/** Renders `routeTable` in a memory router at `entry`, inside the colour-mode provider as main.tsx does. */
export function renderRoutes(routeTable: RouteObject[], entry: InitialEntry) {
  const router = createMemoryRouter(routeTable, { initialEntries: [entry] });
  render(
    <ColorModeProvider>
      <RouterProvider router={router} />
    </ColorModeProvider>,
  );
  return router;
}

/** The whole app at `path`, with `state` as the history entry's state. */
export function renderAt(path: string, state?: unknown) {
  return renderRoutes(routes, { pathname: path, state });
}

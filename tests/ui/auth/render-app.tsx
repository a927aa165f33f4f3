import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '../../../src/ui/app/router';
import { ColorModeProvider } from '../../../src/ui/app/color-mode';

export function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path, state }] });
  render(
    <ColorModeProvider>
      <RouterProvider router={router} />
    </ColorModeProvider>,
  );
  return router;
}

export function setUpDom() {
  window.scrollTo = () => undefined;
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false })) as any;
}

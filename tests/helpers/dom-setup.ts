import { installMatchMedia } from './match-media';

/**
 * What every UI test's DOM needs, once a `window` exists (tests/setup.ts for jsdom files; install-jsdom.ts for
 * the screen tests that run the real server in the node environment): jsdom lacks scrollTo and matchMedia, and
 * waitFor/findBy* wait up to 5 s instead of 1 s, since on a loaded 2-core machine a lazy chunk or a real-API
 * page can take longer than 1 s without anything being wrong. Testing Library is imported only now: its
 * `screen` binds to the document that exists when it first loads.
 */
export async function setUpTestDom(): Promise<void> {
  window.scrollTo = () => undefined;
  installMatchMedia();
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { installMatchMedia } from './helpers/match-media';

// waitFor and findBy* wait up to 5 s (default 1 s): on a loaded 2-core machine a real-API page can take longer
// to answer than that, which made UI tests fail under load without anything being wrong.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; every UI test gets the same stand-ins (a file may set a viewport with installMatchMedia(width)).
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined;
  installMatchMedia();
}

import { setUpTestDom } from '../../helpers/dom-setup';
// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not a dependency)
import { JSDOM } from 'jsdom';
import { populateGlobal } from 'vitest/runtime';

/*
 * Import this FIRST in a screen test that runs the real server in the same process.
 *
 * Why not `@vitest-environment jsdom`: that environment transforms every module as browser code, so
 * server modules get an http `import.meta.url` and cannot read forms/ from disk. These tests run in
 * the node environment (server-style transforms) and get the browser globals from jsdom here, the
 * way jest-environment-jsdom does it. Node's own URL, fetch and timers are kept for the server.
 */
const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { url: 'http://localhost:3000/', pretendToBeVisual: true });
const keep = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams, fetch: globalThis.fetch, AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };
populateGlobal(globalThis, dom.window, { bindFunctions: true });
Object.assign(globalThis, keep);
await setUpTestDom();

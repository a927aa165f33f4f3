import { setUpTestDom } from '../../helpers/dom-setup';
import { Window } from 'happy-dom';
import { populateGlobal } from 'vitest/runtime';

/*
 * Import this FIRST in a screen test that runs the real server in the same process.
 *
 * Why not `@vitest-environment happy-dom`: that environment transforms every module as browser code, so server
 * modules get an http `import.meta.url` and cannot read forms/ from disk. These tests run in the node environment
 * (server-style transforms) and get the browser globals from happy-dom here, as Vitest's environment does. Node's
 * own URL, fetch and timers are kept for the server.
 */
const window = new Window({ url: 'http://localhost:3000/', settings: { disableErrorCapturing: true } });
const keep = { URL: globalThis.URL, URLSearchParams: globalThis.URLSearchParams, fetch: globalThis.fetch, AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };
populateGlobal(globalThis, window as unknown as object, { bindFunctions: true });
await setUpTestDom();
Object.assign(globalThis, keep);

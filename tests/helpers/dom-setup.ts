import { installMatchMedia } from './match-media';

/**
 * What every UI test's DOM needs, once a `window` exists (tests/setup.ts for the screen files, which run in
 * happy-dom; install-dom.ts for the screen tests that run the real server in the node environment): a stand-in for
 * scrollTo and matchMedia, and waitFor/findBy* waiting up to 5 s instead of 1 s, since on a loaded 2-core machine a
 * lazy chunk or a real-API page can take longer than 1 s without anything being wrong. Testing Library is imported
 * only now: its `screen` binds to the document that exists when it first loads.
 */
export async function setUpTestDom(): Promise<void> {
  window.scrollTo = () => undefined;
  installMatchMedia();
  if ('happyDOM' in window) {
    labelsAsTheStandardSays();
    noServerBehindFetch();
    elementsAsTheStandardWritesThem();
  }
  await withoutOwnerStacks();
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 5000 });
}

/**
 * happy-dom writes an element as text by serialising its whole subtree (`toString()` is its `outerHTML`), where a
 * browser writes `[object HTMLDivElement]`. MUI's Popper asks an element's `toString()` to tell it from a window, on
 * every position update of a menu, select or tooltip: the page's whole markup serialised each time.
 */
function elementsAsTheStandardWritesThem(): void {
  window.Element.prototype.toString = function toString(this: Element) {
    return `[object ${this.constructor.name}]`;
  };
}

/**
 * React's development build captures a stack (an `Error`) for every element it creates, up to 10,000 a render, to name
 * the owner in its warnings' component stacks ("owner stacks"); past that count an element takes React's one shared
 * stack. No test reads an owner stack, and the captures were about a tenth of the screens' CPU time, so the count
 * reads as always past the limit here. React's warnings still come, with their component names.
 */
async function withoutOwnerStacks(): Promise<void> {
  const React = await import('react');
  const internals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => undefined });
}

/**
 * happy-dom gives every form control inside a <label> that label, where the standard gives a label to its first
 * control only (`label.control`, which happy-dom computes right). A link-button inside a checkbox's label (the
 * agreement widget's "Read the Terms and Conditions") would otherwise be named after the whole label, as no browser
 * names it. (Not <select>: happy-dom hands out a select wrapped in a Proxy, so `label.control` is not `this` there;
 * no screen puts a select inside another control's label.)
 */
function labelsAsTheStandardSays(): void {
  for (const Control of [HTMLInputElement, HTMLButtonElement, HTMLTextAreaElement, HTMLOutputElement, HTMLMeterElement, HTMLProgressElement]) {
    Object.defineProperty(Control.prototype, 'labels', {
      configurable: true,
      get(this: HTMLElement) {
        return [...this.ownerDocument.querySelectorAll('label')].filter((label) => label.control === this);
      },
    });
  }
}

/**
 * A screen test has no server behind the page's origin: a request that reaches the DOM (the app's `fetch` of the
 * funnel's events, an XMLHttpRequest no stand-in answers) fails at once as a network error, as it does in a browser
 * with the server down, instead of happy-dom opening a real connection to localhost. Calls through the API client go
 * to each test's stand-in or real app (axios adapters) and never reach here.
 */
function noServerBehindFetch(): void {
  const { settings } = (window as unknown as { happyDOM: { settings: { fetch: { interceptor: unknown } } } }).happyDOM;
  settings.fetch.interceptor = {
    beforeAsyncRequest: () => Promise.reject(new TypeError('Failed to fetch: no server behind a screen test')),
    beforeSyncRequest: () => {
      throw new TypeError('Failed to fetch: no server behind a screen test');
    },
  };
}

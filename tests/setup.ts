import '@testing-library/jest-dom/vitest';
import { setUpTestDom } from './helpers/dom-setup';

// Screen files (happy-dom): the DOM stand-ins and timeouts (a file may set a viewport with installMatchMedia(width)).
if (typeof window !== 'undefined') await setUpTestDom();

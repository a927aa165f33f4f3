import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidatorsPlugin } from './scripts/lib/compile-form-validators.js';
import { precompressPlugin } from './scripts/lib/precompress-plugin.js';
import { flowStepRoutesPlugin } from './scripts/lib/flow-step-routes-plugin.js';
import { muiChunks } from './scripts/lib/mui-chunks.js';
import { routePreloadsPlugin } from './scripts/lib/route-preloads-plugin.js';
import { configRootPlugin } from './scripts/lib/config-root-plugin.js';
import { configRoot } from './src/shared/forms/read-forms-dir.js';

const mui = muiChunks(import.meta.dirname);
/** The test files that render screens (a `.ts` file under tests/ui renders nothing: it runs with the node suites). */
const UI_TESTS = ['tests/ui/**/*.test.tsx', 'tests/analyst-guide.test.tsx'];
/**
 * The libraries every screen test loads, bundled once into one file each (Vitest's dependency optimizer) instead of
 * each file importing their hundreds of modules afresh: the screens' import time 34 -> 19 s. Not RJSF's core and
 * theme (they import markdown-to-jsx, which `resolve.alias` points at a .tsx file the bundle cannot load) nor ajv (the
 * validators' instance must be the one ajv-formats and ajv-errors extend).
 */
const SCREEN_DEPS = {
  enabled: true,
  include: ['@mui/material', '@mui/material/styles', '@mui/system', '@emotion/react', '@emotion/styled', '@rjsf/utils', 'react', 'react-dom', 'react-router-dom', 'axios', 'xstate', '@xstate/react', '@testing-library/react', '@testing-library/user-event'],
};
/** Screen tests with the real server in their process (the administrator's pages, through tests/ui/admin/install-dom.ts). */
const SCREENS_WITH_SERVER = ['tests/ui/admin/**/*.test.tsx'];
/** Fault drills and the scale-out test need Postgres and their own config: npm run test:pg and test:scale run them. */
const NOT_IN_NPM_TEST = ['tests/e2e/**', 'tests/reliability/**', 'tests/scale/**'];
const apiPort = Number(process.env.API_PORT ?? 3000);
const reactRouterBuild = (file: string) => path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file);

/**
 * React Router's package names only its development build, whose warnings and error page ("Hey developer") went to
 * people, and 0.6 KB of them into the first page's script: a build takes its production build (the same code without
 * them); the dev server and the tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  config: (_config, { command }) =>
    command === 'build'
      ? { resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterBuild('index.mjs') }, { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') }] } }
      : undefined,
};

export default defineConfig({
  // The flow file, lists and message files the pages import, from the configuration folder in use (CONFIG_ROOT), as
  // the server reads them (scripts/lib/config-root-plugin.ts).
  // Precompiled form validators (src/ui/generated/), so the browser never compiles a schema (CSP).
  // Brotli and gzip copies of the build's text files, sent to browsers that accept them (src/server/app.ts).
  // The flow's routes without the rest of the flow, for the first page's route table.
  // MUI and the wizard's code in four chunks (scripts/lib/mui-chunks.ts: what the sign-in pages use, what a wizard step adds, the wizard, the form renderer) instead of one file per module.
  // Each public page's scripts after the first, for the server's modulepreload links (route-preloads.json).
  plugins: [configRootPlugin(import.meta.dirname, configRoot()), react(), formValidatorsPlugin(), precompressPlugin(), flowStepRoutesPlugin(), mui.plugin, routePreloadsPlugin(import.meta.dirname), reactRouterProduction],
  root: '.',
  // RJSF's markdown renderer, for options the forms may not use, replaced by plain text (src/ui/forms/plain-markdown.tsx),
  // and its URI library, for references that leave the form, by a fragment join (src/ui/forms/fragment-uri.cjs).
  resolve: {
    alias: [
      { find: 'markdown-to-jsx/react', replacement: path.resolve(import.meta.dirname, 'src/ui/forms/plain-markdown.tsx') },
      { find: 'fast-uri', replacement: path.resolve(import.meta.dirname, 'src/ui/forms/fragment-uri.cjs') },
    ],
  },
  publicDir: 'public',
  define: {
    // Client identification only (DESIGN.md): anything in the bundle is public, never a secret.
    __API_KEY__: JSON.stringify(process.env.API_KEY ?? 'cu-web'),
    __API_SECRET__: JSON.stringify(process.env.API_SECRET ?? 'cu-web-client'),
    __PRODUCT_NAME__: JSON.stringify(process.env.PRODUCT_NAME ?? 'Credit Union Online'),
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // No modulepreload polyfill (0.2 KB of the first load): a browser without modulepreload (Safari before 17) loads
    // the same files, only without the head start.
    // The bundler's runtime is a static import of the first page, so it is loaded before any page is imported:
    // naming it among each page's files to preload only cost the first page bytes (a name in its preload table).
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(dep)) },
    // Chunks' names with a 7-character hash (the bundler's shortest for this many chunks, 8 by default): each name is
    // written in the first page's preload table, and one character fewer on every one of them is 0.03 KB of its budget.
    rolldownOptions: { output: { codeSplitting: { groups: mui.groups }, chunkFileNames: 'assets/[name]-[hash:7].js' } },
  },
  server: {
    port: 5173,
    // A CONFIG_ROOT copy outside the repository is served to the pages too (its flow and message files).
    fs: { allow: [import.meta.dirname, configRoot()] },
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  test: {
    globals: true,
    exclude: [...NOT_IN_NPM_TEST, 'node_modules/**'],
    environment: 'node',
    projects: [
      // The server, engine, shared and script suites share their workers' modules (no isolation): each file
      // otherwise loaded Fastify, Kysely, PGlite's WebAssembly and ajv again and started their code cold (tests/server
      // 185 -> 91 s). They leave no state behind: every app, database and environment variable a suite makes is its own
      // and closed or put back in its afterAll.
      { extends: true, test: { name: 'node', include: ['tests/**/*.test.{ts,tsx}'], exclude: [...UI_TESTS, ...NOT_IN_NPM_TEST, 'node_modules/**'], isolate: false } },
      // Screens: each file its own DOM (happy-dom) in a context of its own on a worker thread that stays up (the vm pool):
      // a new context is made much sooner than a new worker with its environment, and the libraries' files are read once
      // (the screens' CPU time 307 -> 148 s, their part of the run 168 -> 97 s).
      { extends: true, test: { name: 'ui', include: UI_TESTS, exclude: [...SCREENS_WITH_SERVER, 'node_modules/**'], pool: 'vmThreads', deps: { optimizer: { client: SCREEN_DEPS, ssr: SCREEN_DEPS } } } },
      // The screens that run the real server in their process (tests/ui/admin/install-dom.ts), each in a worker thread of
      // its own: in the vm pool's contexts Fastify's static plugin cannot `require` the ES module it loads.
      { extends: true, test: { name: 'ui-server', include: SCREENS_WITH_SERVER, pool: 'threads', deps: { optimizer: { client: SCREEN_DEPS, ssr: SCREEN_DEPS } } } },
    ],
    setupFiles: ['tests/setup.ts'],
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core: Vitest's default (cores - 1) ran the suite on one worker on a 2-core machine, while
    // the main process sits idle during the run (npm test 313 s on one worker under load).
    maxWorkers: availableParallelism(),
  },
});

// Lint: TypeScript rules plus the one-way import rule of DESIGN.md section 2:
// shared -> engine -> ui and shared -> server; engine and shared never import React, Fastify or Kysely.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverOnly = ['fastify', 'fastify-plugin', '@fastify/*', 'kysely', 'pg', '@electric-sql/*', '@node-rs/*', 'nodemailer', 'jose', 'pino'];
const reactOnly = ['react', 'react-dom', 'react-*', '@mui/*', '@rjsf/core', '@rjsf/mui', '@emotion/*', '@xstate/react', 'axios'];
const layer = (name) => ({ group: [`**/${name}/**`, `**/${name}`], message: `This layer may not import from src/${name} (DESIGN.md section 2).` });

export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', 'coverage/**', 'src/ui/generated/**', 'tests/e2e/artifacts/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [layer('server'), { group: serverOnly, message: 'The browser app may not import server packages.' }] }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('engine'), layer('ui'), layer('server'), { group: [...serverOnly, ...reactOnly], message: 'src/shared is plain TypeScript: no React, Fastify or Kysely.' }] }],
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('ui'), layer('server'), { group: [...serverOnly, ...reactOnly], message: 'src/engine is plain TypeScript + XState: no React, Fastify or Kysely.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('engine'), layer('ui'), { group: reactOnly, message: 'The server may not import browser packages.' }] }],
    },
  },
  {
    // Migrations are frozen: they run on Kysely<any> (Kysely's own advice), never on today's Database type.
    files: ['src/server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests and scripts may keep a loosely typed fixture or probe; src/ may not.
    files: ['tests/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A route imports no other route: what two routes share lives in src/server/lib or a plugin.
    files: ['src/server/routes/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('engine'),
            layer('ui'),
            { group: reactOnly, message: 'The server may not import browser packages.' },
            { regex: '^\\.\\./(?!\\.\\./)', message: 'A route may not import another route: move what they share to src/server/lib or a plugin.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/{lib,plugins,db}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [layer('engine'), layer('ui'), { group: ['**/routes/**', '**/routes'], message: 'Libraries, plugins and the database layer serve the routes; they never import one.' }, { group: reactOnly, message: 'The server may not import browser packages.' }] }],
    },
  },
);

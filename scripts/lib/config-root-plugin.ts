import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { BUILD_KEY_FILE, buildKey } from './build-key.mjs';

/** The configuration folders a module may import JSON from (the flow, the forms, their lists and messages). */
const CONFIG_FOLDERS = ['forms', 'flows'];

/**
 * Where an import of a configuration file resolves to: the same file under `configRoot` (CONFIG_ROOT, a copy an
 * analyst or a test edits) when the import names one of the repository's `forms/` or `flows/` files and the copy has
 * it, keeping any query (`?step-routes`); else null (the import resolves as written).
 */
export function configFileFor(source: string, importer: string | undefined, repository: string, configRoot: string): string | null {
  if (!importer || path.resolve(configRoot) === path.resolve(repository) || !source.startsWith('.')) return null;
  const [file, query] = source.split(/(?=\?)/);
  const target = path.relative(repository, path.resolve(path.dirname(importer.split('?')[0]), file));
  if (!target.endsWith('.json') || !CONFIG_FOLDERS.includes(target.split(path.sep)[0])) return null;
  const inCopy = path.join(configRoot, target);
  return fs.existsSync(inCopy) ? inCopy + (query ?? '') : null;
}

/** A configuration file's JSON without its `$comment`s (notes for the people who edit it; no page reads them). */
export function withoutComments(json: string): string {
  return JSON.stringify(JSON.parse(json, (key, value: unknown) => (key === '$comment' ? undefined : value)));
}

/** Whether a module id is a configuration file (a `.json` under forms/ or flows/ of the repository or the copy in use). */
function isConfigFile(id: string, roots: string[]): boolean {
  if (!id.endsWith('.json')) return false;
  return roots.some((root) => CONFIG_FOLDERS.includes(path.relative(root, id).split(path.sep)[0]));
}

/**
 * Vite plugin: the pages read the configuration in use, as the server does. The wizard imports the flow file (its
 * steps, facts, conditions and route table), the administrator's pages a few lists, every page the message files;
 * under CONFIG_ROOT these come from the copy, so a flow change tried on a copy shows in the browser as on the server.
 * `configRoot` is read once, when the build (or the dev server, or a test run) starts. A build writes the digest of
 * what it was made from (`build-key.txt`, scripts/lib/build-key.mjs), so `npm start` knows a build of another
 * configuration or of older sources when it sees one. A build leaves the files' `$comment`s out of the pages' code
 * (every message file's note went to the browser: 0.3 KB of gzip for widgets.json's alone).
 */
export function configRootPlugin(repository: string, configRoot: string): Plugin {
  let building = false;
  let key = '';
  return {
    name: 'config-root',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) key = buildKey(repository, configRoot);
    },
    resolveId(source, importer) {
      return configFileFor(source, importer, repository, configRoot);
    },
    transform(code, id) {
      if (building && isConfigFile(id, [repository, configRoot])) return { code: withoutComments(code), map: null };
      return undefined;
    },
    generateBundle() {
      if (key) this.emitFile({ type: 'asset', fileName: BUILD_KEY_FILE, source: `${key}\n` });
    },
  };
}

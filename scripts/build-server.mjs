// The server as one JavaScript file (dist-server/server.mjs), which `npm start` runs with plain Node: loading
// src/server's TypeScript through tsx took about a second of every start. Packages stay outside the bundle
// (read from node_modules as before); the code is not minified, and each module's part starts with a comment
// naming its file, so a stack trace's line in the bundle is easy to find. Built by esbuild, which comes with
// tsx. Tests and `npm run dev` still run the TypeScript.
//
//   node scripts/build-server.mjs      (npm start runs it when the bundle is missing or older than its sources)
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const outDir = path.join(root, 'dist-server');
export const bundle = path.join(outDir, 'server.mjs');
/** The files the bundle was made from (esbuild's list of inputs) and this script: it is stale when one is newer or gone. */
const inputsFile = path.join(outDir, 'inputs.json');

/** True when the bundle exists and none of the files it was made from changed or went away since. */
export function serverBundleFresh() {
  let built;
  let inputs;
  try {
    built = fs.statSync(bundle).mtimeMs;
    inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
  } catch {
    return false;
  }
  if (!Array.isArray(inputs) || !inputs.length) return false;
  for (const file of inputs) {
    try {
      if (fs.statSync(path.join(root, file)).mtimeMs > built) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * A module's `import.meta.dirname` is its own folder under src/; in the bundle it would be dist-server/. Each one
 * becomes the bundle's folder joined with the way back to the module's, so the paths built from it (the forms/
 * and flows/ root, the caches in node_modules/.cache) are the same as when the TypeScript runs.
 */
const ownDirname = {
  name: 'own-dirname',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.dirname')) return undefined;
      const fromBundle = path.relative(outDir, path.dirname(args.path)).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify('/' + fromBundle)})`), loader: 'ts' };
    });
  },
};

/**
 * Builds dist-server/ (server.mjs and the chunks it imports only when configured: S3, Redis, SMTP, Postgres),
 * written in a folder aside and swapped in, so a start never runs half a build.
 */
export async function buildServer() {
  const esbuild = await import('esbuild');
  const tmp = `${outDir}.build-${process.pid}`;
  const old = `${outDir}.old-${process.pid}`;
  // The bundle is dated when its sources were read, so a file saved during the build makes it stale.
  const started = new Date();
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { server: path.join(root, 'src/server/server.ts') },
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      // Next to server.mjs: import.meta.dirname (see ownDirname) is the same folder in every chunk.
      chunkNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      metafile: true,
      logLevel: 'error',
      plugins: [ownDirname],
    });
    const inputs = [...Object.keys(result.metafile.inputs), path.relative(root, import.meta.filename)];
    fs.writeFileSync(path.join(tmp, 'inputs.json'), JSON.stringify(inputs));
    fs.utimesSync(path.join(tmp, 'server.mjs'), started, started);
    if (fs.existsSync(outDir)) fs.renameSync(outDir, old);
    fs.renameSync(tmp, outDir);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer();
  console.log(`Built ${path.relative(root, bundle)}`);
}

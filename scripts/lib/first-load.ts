import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One script the browser loads before a page renders: its raw and gzip sizes in bytes. */
export interface LoadedScript {
  file: string;
  raw: number;
  gzip: number;
}

/**
 * The JavaScript `index.html` of a build makes the browser load before anything renders: its module script
 * and every chunk that script imports statically, transitively (what `modulepreload` lists; dynamic imports
 * load later, with the page that needs them). Read from the built files, so it is a size, not a timing.
 */
export function firstLoadScripts(distDir: string): LoadedScript[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  return staticClosure(distDir, [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)].map((m) => m[1]));
}

/** These scripts of a build and every chunk they import statically, transitively, with their sizes. */
export function staticClosure(distDir: string, entries: string[]): LoadedScript[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(distDir, file), 'utf8');
    // Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`, not `import("./x.js")`.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(file), m[1]));
  };
  entries.forEach(visit);
  return [...seen].map((file) => {
    const content = fs.readFileSync(path.join(distDir, file));
    return { file, raw: content.length, gzip: zlib.gzipSync(content, { level: 9 }).length };
  });
}

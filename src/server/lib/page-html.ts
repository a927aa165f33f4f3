import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** What the build writes beside index.html (scripts/lib/route-preloads-plugin.ts): page path -> its scripts after the first. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** One page's HTML, as written and compressed both ways the browser may ask for. */
export interface PageHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export type HtmlEncoding = keyof PageHtml;

/** The encoding to send for an Accept-Encoding header: Brotli, then gzip, else none (a `q=0` refuses one). */
export function htmlEncoding(acceptEncoding: string | undefined): HtmlEncoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

function compressed(html: string): PageHtml {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

/**
 * The SPA's HTML for each page path: index.html, and for a page the build knows (`/login`, every wizard step),
 * index.html with a `modulepreload` link per script that page loads after the first, so the browser fetches them
 * with the first script instead of discovering them after it has run. The links ask for a low priority: the first
 * script (the header and the page's loader, the first paint) then does not share a phone's bandwidth with them, and
 * a wizard step's first paint on Lighthouse's phone came 1.5 s sooner (docs/performance.md). Built once per build of
 * the app (read again when index.html changes) and compressed once; a path the build does not know gets index.html
 * as written.
 */
export function pageHtmlSource(staticDir: string): (pagePath: string) => PageHtml {
  const indexFile = path.join(staticDir, 'index.html');
  let builtAt = -1;
  let pages = new Map<string, PageHtml>();
  let plain: PageHtml;

  const load = () => {
    const index = fs.readFileSync(indexFile, 'utf8');
    const preloadsFile = path.join(staticDir, ROUTE_PRELOADS_FILE);
    const preloads = fs.existsSync(preloadsFile) ? (JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, string[]>) : {};
    plain = compressed(index);
    pages = new Map(
      Object.entries(preloads).map(([route, files]) => {
        const links = files.map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`).join('');
        return [route, compressed(index.replace('</head>', `${links}  </head>`))];
      }),
    );
  };

  return (pagePath) => {
    const mtime = fs.statSync(indexFile).mtimeMs;
    if (mtime !== builtAt) {
      load();
      builtAt = mtime;
    }
    const normalised = pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath;
    return pages.get(normalised) ?? plain;
  };
}

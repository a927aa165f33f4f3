// The SPA's HTML (src/server/lib/page-html.ts): a page the build knows carries its scripts as modulepreload links,
// compressed as the browser asks; any other page path gets index.html as written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { suiteApp } from '../helpers/test-app';
import { dbTargets } from '../helpers/test-db';
import { htmlEncoding } from '../../src/server/lib/page-html';

const INDEX = '<!doctype html><html><head><title>app</title>\n  </head><body><div id="root"></div></body></html>';
const PRELOADS = { '/login': ['/assets/login-page-abc.js', '/assets/mui-core-def.js'], '/basic-info': ['/assets/form-step-123.js'] };

describe('the pages the server sends', () => {
  const spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-page-html-'));
  fs.writeFileSync(path.join(spaDir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(spaDir, 'route-preloads.json'), JSON.stringify(PRELOADS));
  const t = suiteApp(dbTargets()[0], { config: { staticDir: spaDir } });
  afterAll(() => fs.rmSync(spaDir, { recursive: true, force: true }));

  const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g)].map((m) => m[1]);

  it('lists a known page\'s scripts as low-priority modulepreload links in its head (the first script comes first), Brotli-compressed for a browser that takes it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login?next=%2Fusers%2Fdashboard', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const html = zlib.brotliDecompressSync(res.rawPayload).toString();
    expect(links(html)).toEqual(PRELOADS['/login']);
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  });

  it('sends gzip or plain HTML by Accept-Encoding, and the same links for a trailing slash', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/basic-info/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(links(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(PRELOADS['/basic-info']);
    const plain = await t.app.inject({ method: 'GET', url: '/basic-info', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(links(plain.body)).toEqual(PRELOADS['/basic-info']);
  });

  it('sends index.html as written for `/` and for a path the build does not know', async () => {
    for (const url of ['/', '/no-such-page', '/users/dashboard']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('answers a file the build does not have with a 404, never the page (a browser would run the page as a script)', async () => {
    for (const url of ['/assets/form-step-old.js', '/assets/styles-old.css', '/favicon-old.png', '/assets/x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('sends a file written after the server started, as the page that names it is (a new build beside a running server)', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/assets/later-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(before.statusCode).toBe(404);
    fs.mkdirSync(path.join(spaDir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(spaDir, 'assets/later-abc.js'), 'export const later = 1;\n');
    const after = await t.app.inject({ method: 'GET', url: '/assets/later-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toMatch(/javascript/);
    expect(after.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(after.body).toBe('export const later = 1;\n');
  });

  it('answers HEAD with the headers and no body, and an API path with the JSON 404', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const api = await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'x-api-key': 'cu-web', 'x-api-secret': 'cu-web-client' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: expect.stringContaining('No route') });
  });

  it('picks the encoding from Accept-Encoding, honouring q=0', () => {
    expect(htmlEncoding('gzip, deflate, br')).toBe('br');
    expect(htmlEncoding('br;q=0, gzip')).toBe('gzip');
    expect(htmlEncoding('BR;q=0.5')).toBe('br');
    expect(htmlEncoding('gzip;q=0.0, br;q=0')).toBe('identity');
    expect(htmlEncoding(undefined)).toBe('identity');
    expect(htmlEncoding('deflate')).toBe('identity');
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { dbTargets } from '../helpers/test-db';
import { createTestApp, suiteApp } from '../helpers/test-app';
import { createAjv } from '../../src/shared/create-ajv';
import type { RouteEntry } from '../../src/server/plugins/input-guard';

/**
 * Issue 15: the OpenAPI 3.1 document is generated from the route schemas, and every route declares them.
 * docs/api/openapi.md says where the document is; this test keeps it complete and its examples true.
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/**
 * Routes that need no schema, each with its reason. Everything else under /api must declare a response schema
 * for a success and for the error shape, and a request schema for what it takes.
 */
const EXEMPT: Array<{ match: (route: RouteEntry) => boolean; why: string }> = [
  { match: (r) => r.url === '/api/docs' || r.url.startsWith('/api/docs/'), why: 'the document and its reference page (routes/docs), not API calls' },
  { match: (r) => !r.url.startsWith('/api/'), why: "the SPA's static files and history fallback (app.ts), not API calls" },
  { match: (r) => r.url.startsWith('/api/test-only'), why: 'added by other tests' },
];
/** Calls that take no body (a body sent to them is ignored), so they need no body schema. */
const NO_BODY = new Set(['POST /api/users/logout']);

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

/** Every media object and schema carrying `example` / `examples` in the document, with the schema it must satisfy. */
function examplesIn(document: Json): Array<{ where: string; schema: Json; value: unknown }> {
  const found: Array<{ where: string; schema: Json; value: unknown }> = [];
  const visitSchema = (schema: unknown, where: string) => {
    if (!schema || typeof schema !== 'object') return;
    if (Array.isArray(schema)) return schema.forEach((s, i) => visitSchema(s, `${where}[${i}]`));
    const node = schema as Json;
    if ('example' in node) found.push({ where: `${where}.example`, schema: node, value: node.example });
    if (Array.isArray(node.examples)) node.examples.forEach((value, i) => found.push({ where: `${where}.examples[${i}]`, schema: node, value }));
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'example' && key !== 'examples' && key !== 'const' && key !== 'default' && key !== 'enum') visitSchema(value, `${where}.${key}`);
    }
  };
  const visitMedia = (content: unknown, where: string) => {
    for (const [type, media] of Object.entries((content ?? {}) as Record<string, Json>)) {
      const schema = (media.schema ?? {}) as Json;
      if ('example' in media) found.push({ where: `${where}.${type}.example`, schema, value: media.example });
      for (const [name, example] of Object.entries((media.examples ?? {}) as Record<string, Json>)) found.push({ where: `${where}.${type}.examples.${name}`, schema, value: example.value });
      visitSchema(schema, `${where}.${type}.schema`);
    }
  };
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const at = `${method.toUpperCase()} ${path}`;
      visitMedia((operation.requestBody as Json | undefined)?.content, `${at} requestBody`);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) visitMedia(response.content, `${at} ${status}`);
      for (const parameter of (operation.parameters ?? []) as Json[]) visitSchema(parameter.schema, `${at} parameter ${String(parameter.name)}`);
    }
  }
  return found;
}

describe('the OpenAPI document', () => {
  // With a built SPA, so its static files and history fallback are in the route table (and exempt by name).
  const spaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-openapi-spa-'));
  fs.writeFileSync(path.join(spaDir, 'index.html'), '<!doctype html><title>app</title>');
  const t = suiteApp(dbTargets()[0], { config: { staticDir: spaDir } });
  afterAll(() => fs.rmSync(spaDir, { recursive: true, force: true }));
  let document: Json;

  beforeAll(async () => {
    // Without the API key headers: a browser opens it as it is.
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });

  it('is OpenAPI 3.1 with paths, and every operation has responses with a schema and a schema for its body', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const paths = document.paths as Record<string, Json>;
    expect(Object.keys(paths).length).toBeGreaterThanOrEqual(35);
    const problems: string[] = [];
    for (const [path, item] of Object.entries(paths)) {
      expect(path.startsWith('/api/'), path).toBe(true);
      for (const method of METHODS) {
        const operation = item[method] as Json | undefined;
        if (!operation) continue;
        const at = `${method.toUpperCase()} ${path}`;
        const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
        if (!responses.some(([status]) => /^2/.test(status))) problems.push(`${at}: no success response`);
        if (!responses.some(([status]) => /^4/.test(status))) problems.push(`${at}: no error response`);
        for (const [status, response] of responses) {
          const content = response.content as Record<string, Json> | undefined;
          if (!content || !Object.values(content).every((media) => media.schema && typeof media.schema === 'object')) problems.push(`${at} ${status}: no schema`);
        }
        const body = operation.requestBody as Json | undefined;
        if (hasBody(method.toUpperCase()) && !NO_BODY.has(at.replace(/\{(\w+)\}/g, ':$1'))) {
          const content = body?.content as Record<string, Json> | undefined;
          if (!content || !Object.values(content).every((media) => media.schema)) problems.push(`${at}: no request body schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('every route of the app declares its request and response schemas (the listed exceptions aside)', async () => {
    expect(t.app.routeTable.some((r) => !r.url.startsWith('/api/')), 'the SPA routes are registered').toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/accounts' })).headers['content-type']).toContain('text/html');
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      if (EXEMPT.some((e) => e.match(route))) continue;
      const at = `${route.method} ${route.url}`;
      const schema = (route.schema ?? {}) as Json;
      const response = (schema.response ?? {}) as Json;
      if (!Object.keys(response).some((status) => /^2/.test(status))) problems.push(`${at}: no success response schema`);
      if (!Object.keys(response).some((status) => /^4/.test(status))) problems.push(`${at}: no error response schema`);
      if (hasBody(route.method) && !NO_BODY.has(at) && !schema.body) problems.push(`${at}: no body schema`);
      if (route.url.includes('/:') && !schema.params) problems.push(`${at}: no params schema`);
      // What the route's querystring schema declares is in the document as query parameters.
      const query = Object.keys(((schema.querystring ?? {}) as { properties?: Json }).properties ?? {});
      // A route registered as '/' under a prefix is listed with its trailing slash in the document.
      const docPath = route.url.replace(/:(\w+)/g, '{$1}');
      const paths = document.paths as Record<string, Json>;
      const operation = (paths[docPath] ?? paths[`${docPath}/`])?.[route.method.toLowerCase()] as Json | undefined;
      if (!operation) problems.push(`${at}: not in the document`);
      const documented = ((operation?.parameters ?? []) as Json[]).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of query) if (!documented.includes(name)) problems.push(`${at}: query parameter ${name} not documented`);
      if ((schema as { hide?: boolean }).hide) problems.push(`${at}: hidden from the document`);
    }
    expect(problems).toEqual([]);
  });

  it('has the main calls of the specification with examples, and every example validates against its schema', () => {
    const examples = examplesIn(document);
    const where = examples.map((e) => e.where).join('\n');
    for (const call of ['POST /api/users/login requestBody', 'POST /api/accounts/transfer-to-self requestBody', 'POST /api/signups/ requestBody']) {
      expect(where, call).toContain(call);
    }
    const ajv = createAjv();
    const failures: string[] = [];
    for (const { where: at, schema, value } of examples) {
      const { example: _example, examples: _examples, ...plain } = schema;
      const validate = ajv.compile(plain);
      if (!validate(value)) failures.push(`${at}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the reference page', () => {
  it('is served in development and test, from the package (no CDN), under the app CSP', async () => {
    const [target] = dbTargets();
    const db = await target.open();
    const test = await createTestApp(db);
    try {
      const page = await test.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toMatch(/https?:\/\//);
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval');
      const bundle = await test.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(bundle.statusCode).toBe(200);
    } finally {
      await test.close();
      await db.close();
    }
  });

  it('is not served in production; the document is', async () => {
    const [target] = dbTargets();
    const db = await target.open();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cu-openapi-'));
    // As fail-closed-config.test.ts starts it: NODE_ENV=staging runs as production.
    const env = { NODE_ENV: 'staging', JWT_SECRET: 's'.repeat(48), API_KEY: 'staging-key', API_SECRET: 'staging-client', DATABASE_URL: 'postgres://db.internal/cu' };
    const prod = { app: await buildApp({ env, db, config: { logLevel: 'silent', dataDir, uploadDir: path.join(dataDir, 'uploads'), staticDir: path.join(dataDir, 'none') } }), close: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
    try {
      await prod.app.ready();
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(404);
      const json = await prod.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().openapi).toMatch(/^3\.1\./);
      expect(Object.keys(json.json().paths)).not.toContain('/api/dev/outbox');
    } finally {
      await prod.app.close();
      await prod.close();
      await db.close();
    }
  });
});

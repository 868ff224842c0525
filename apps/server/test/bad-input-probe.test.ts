/**
 * Bad input is a 400 with a message in the request's language, never a 500 (CONTRACT §3).
 *
 * A black-box probe of every route of /api/docs/openapi.json, signed in as the platform administrator
 * so that every route gets past its permission: per route, one request per class of input that used
 * to reach PostgreSQL and fail there — an id above int8, a NUL character, 1e308 in a number, an
 * impossible date, a sort on no column, JSON nested too deep, JSON that is not an object. Each request
 * carries only invalid values of its class (with valid values elsewhere), so each must be a 400.
 * Then the exact cases of the issue, with their messages.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { RESOURCES } from '@brewfleet/contracts';
import { registerPlumbing } from '../src/platform/http/plumbing.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';
import { sampleCreateBody } from './helpers/samples.ts';
import { multipartFile } from './helpers/multipart.ts';

let t: TestApp;
let token: string;
/** The ordering app's routes take a member's token (CONTRACT §7), not the console's. */
let member: { merchantId: string; phone: string; password: string };
let memberToken: string;
/** The display API's routes take a display link's token (CONTRACT §7). */
let displayToken: string;
let doc: { paths: Record<string, Record<string, Operation>> };
/** The id of one real row per resource: probes carry real references, so the bad value is the only fault. */
const rowIds: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  token = await t.adminToken();
  doc = (await t.call('GET', '/api/docs/openapi.json')).json();
  const names = [
    'merchant',
    'store',
    ...Object.keys(RESOURCES).filter((n) => n !== 'merchant' && n !== 'store'),
  ];
  for (const name of names) {
    const def = RESOURCES[name];
    const body = { merchantId: rowIds.merchant, ...sampleCreateBody(def, t.encrypt, rowIds) };
    const res = await t.call('POST', `/api/coffee/${name}`, { token, body });
    if (res.statusCode === 200) rowIds[name] = res.json().data.id;
    else {
      const [first] = (await t.call('GET', `/api/coffee/${name}/select`, { token })).json().data ?? [];
      if (first) rowIds[name] = first.value;
    }
  }
});
beforeAll(async () => {
  member = { merchantId: rowIds.merchant, phone: '+886900111222', password: 'Probe-Member-Pass-3' };
  const res = await t.call('POST', '/api/app/v1/auth/signup', { body: { ...member, username: 'Probe' } });
  memberToken = res.json().data.token;
  const link = await t.call('POST', '/api/coffee/display-link', {
    token,
    body: { name: 'Probe', merchantId: rowIds.merchant },
  });
  displayToken = link.json().data.token;
});
afterAll(() => t.close());

/** A session of its own for the app's sign-out, so that the probe's member stays signed in. */
async function memberSession(): Promise<string> {
  const { merchantId, phone, password } = member;
  const res = await t.call('POST', '/api/app/v1/auth/signin', {
    body: { merchantId, login: phone, password },
  });
  return res.json().data.token;
}

/* ---------- the OpenAPI document, read as JSON Schema ---------- */

interface Schema {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

const OVER_RANGE_ID = '9999999999999999999';
const NUL = 'a\u0000b';
const HUGE = 1e308;

const ID_PATTERNS = new Set(['^[1-9]\\d{0,18}$', '^\\d{1,19}(,\\d{1,19}){0,499}$']);
const isId = (s: Schema) => !!s.pattern && ID_PATTERNS.has(s.pattern);
const isDay = (s: Schema) => s.pattern === '^\\d{4}-\\d{2}-\\d{2}$';
const isInstant = (s: Schema) => s.format === 'date-time';
const branches = (s: Schema) => s.anyOf ?? s.oneOf ?? [s];

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The id of a real row for an id field, by its name: `id`, `ids` and `parentId` point at the route's
 * own resource, `storeId` at a store, `modelId` at a device model, `freeSmallMaterialIds` at small materials.
 */
function realId(name: string, owner: string): string {
  const base = /^(id|ids|parentId)$/.test(name) ? owner : kebab(name.replace(/(Id|Ids|IdList)$/, ''));
  const known = Object.keys(rowIds);
  const target =
    known.find((r) => r === base) ??
    known.find((r) => base.endsWith(`-${r}`)) ??
    known.find((r) => r.endsWith(`-${base}`) || r.startsWith(`${base}-`));
  return (target && rowIds[target]) ?? '1';
}

/** A valid value of a string schema: the patterns the API uses, else plain letters. */
function validString(s: Schema, name: string, owner: string): string {
  if (isId(s)) return realId(name, owner);
  if (s.format === 'uuid') return crypto.randomUUID();
  if (isInstant(s)) return '2026-01-15T08:00:00Z';
  if (isDay(s)) return '2026-01-15';
  const byPattern: Record<string, string> = {
    '^([01]\\d|2[0-3]):[0-5]\\d$': '08:30',
    '^-?\\d{1,10}(\\.\\d{1,2})?$': '1.00',
    '^\\+?[0-9][0-9 ()-]{3,18}[0-9]$': '+886 912345678',
  };
  if (s.pattern && byPattern[s.pattern]) return byPattern[s.pattern];
  if (s.pattern?.includes('@')) return 'probe@example.com';
  return 'probe'.padEnd(s.minLength ?? 0, 'x');
}

/**
 * A valid value of a schema (required properties only), so that only the probed values are wrong;
 * `name` is the field's, `owner` the resource of the route.
 */
function validValue(s: Schema, name = '', owner = ''): unknown {
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf || s.oneOf) return validValue(branches(s)[0], name, owner);
  switch (s.type) {
    case 'string':
      return validString(s, name, owner);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, 1);
    case 'boolean':
      return false;
    case 'array':
      return s.minItems ? [validValue(s.items ?? {}, name, owner)] : [];
    case 'object':
      return Object.fromEntries(
        (s.required ?? []).map((key) => [key, validValue(s.properties?.[key] ?? {}, key, owner)]),
      );
    default:
      return undefined;
  }
}

/** A class of bad input: the bad value for a leaf schema it applies to, or undefined. */
type Probe = (s: Schema, name: string) => unknown;

const probes: Record<string, Probe> = {
  overRangeId: (s) => (branches(s).some(isId) ? OVER_RANGE_ID : undefined),
  // Free text (a pattern would refuse the NUL by itself), and JSON values of any shape.
  nul: (s) =>
    branches(s).some(
      (b) => (b.type === 'string' && !b.pattern && !b.format && !b.enum) || (!b.type && !b.anyOf && !b.enum),
    )
      ? NUL
      : undefined,
  hugeNumber: (s) =>
    branches(s).some((b) => b.type === 'number' || b.type === 'integer') ? HUGE : undefined,
  impossibleDate: (s) =>
    branches(s).some(isDay) ? '2026-02-30' : branches(s).some(isInstant) ? '0000-01-01T00:00:00Z' : undefined,
  unknownSort: (_s, name) => (name === 'sort' ? 'noSuchColumn' : undefined),
};

/**
 * The value of `s` with every leaf the probe applies to made bad, inside objects and arrays; the
 * rest valid. `hit` counts the bad leaves.
 */
function probed(s: Schema, name: string, owner: string, probe: Probe, hit: { n: number }): unknown {
  const bad = probe(s, name);
  if (bad !== undefined) {
    hit.n++;
    return s.type === 'array' ? [bad] : bad;
  }
  if (s.type === 'object' && s.properties) {
    const out = validValue(s, name, owner) as Record<string, unknown>;
    for (const [key, child] of Object.entries(s.properties)) {
      const before = hit.n;
      const value = probed(child, key, owner, probe, hit);
      if (hit.n > before) out[key] = value;
    }
    return out;
  }
  if (s.type === 'array' && s.items) {
    const before = hit.n;
    const item = probed(s.items, name, owner, probe, hit);
    return hit.n > before ? [item] : validValue(s, name, owner);
  }
  return validValue(s, name, owner);
}

interface ProbeRequest {
  route: string;
  probe: string;
  method: string;
  url: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** A query value as a client sends it: text. */
const asQueryText = (v: unknown) => (Array.isArray(v) ? String(v[0]) : String(v));

function requestsFor(method: string, path: string, op: Operation): ProbeRequest[] {
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const route = `${method.toUpperCase()} ${path}`;
  const owner = path.split('/')[3] ?? '';
  const out: ProbeRequest[] = [];
  const build = (name: string, probe: Probe | null) => {
    const hit = { n: 0 };
    let url = path;
    const query: Record<string, string> = {};
    for (const p of params) {
      const before = hit.n;
      const value = probe ? probed(p.schema, p.name, owner, probe, hit) : undefined;
      const chosen =
        hit.n > before
          ? value
          : p.in === 'path' || p.required
            ? validValue(p.schema, p.name, owner)
            : undefined;
      if (chosen === undefined) continue;
      if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(asQueryText(chosen)));
      else if (p.in === 'query') query[p.name] = asQueryText(chosen);
    }
    const body = bodySchema
      ? probe
        ? probed(bodySchema, '', owner, probe, hit)
        : validValue(bodySchema, '', owner)
      : undefined;
    return { route, probe: name, method: method.toUpperCase(), url, query, body, hit: hit.n };
  };
  for (const [name, probe] of Object.entries(probes)) {
    const { hit, ...request } = build(name, probe);
    if (name === 'hugeNumber') {
      // Numbers one at a time: a field with a bound (sortOrder ≤ 9999) would answer the 400 for all
      // of them, and hide one without.
      for (let k = 0; k < hit; k++) {
        let seen = 0;
        const { hit: _, ...one } = build(name, (s, field) =>
          probe(s, field) !== undefined && seen++ === k ? HUGE : undefined,
        );
        out.push({ ...one, probe: `${name} #${k + 1}` });
      }
    } else if (hit) out.push(request);
    else if (name === 'nul') {
      // No string field: a NUL in a query parameter the route does not declare is refused all the same.
      out.push({ ...request, query: { ...request.query, probe: NUL } });
    }
  }
  if (bodySchema) {
    const valid = build('valid', null);
    let deep: unknown = 'x';
    for (let i = 0; i < 200; i++) deep = [deep];
    out.push({ ...valid, probe: 'deepJson', body: { ...(valid.body as object), nested: deep } });
    if (bodySchema.type === 'object')
      out.push({ ...valid, probe: 'notAnObject', body: ['not', 'an', 'object'] });
  }
  return out;
}

async function send(r: ProbeRequest) {
  // Sign-out and a password change end sessions if they accept what they should refuse: a session of
  // their own keeps the rest of the probe signed in whatever they do.
  const session = r.url.startsWith('/api/auth/') ? await t.adminToken() : token;
  const auth = r.url.startsWith('/api/app/v1/')
    ? {
        authorization: `Bearer ${r.url.startsWith('/api/app/v1/auth/') ? await memberSession() : memberToken}`,
      }
    : r.url.startsWith('/api/display/')
      ? { 'x-display-token': displayToken }
      : { token: session };
  return t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    query: r.query,
    headers: { ...auth, loginType: 'MachineSys', cookie: 'language=zh' },
    ...(r.body !== undefined ? { payload: r.body as object } : {}),
  });
}

describe('a probe of every route of the OpenAPI document', () => {
  it('answers bad ids, NUL characters, huge numbers, impossible dates, unknown sorts and malformed JSON with a 400', async () => {
    const requests = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([method, op]) => requestsFor(method, path, op)),
    );
    const routes = new Set(requests.map((r) => r.route));
    // Every route of the document is probed at least once (by the NUL class, which fits any route).
    const documented = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(routes.size).toBe(documented);
    expect(documented).toBeGreaterThan(300);

    const failures: string[] = [];
    const queue = [...requests];
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        // An accepted request to the live stream never ends: no answer in time is a failure, not a hang.
        const res = await Promise.race([
          send(r),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000)),
        ]);
        if (!res) {
          failures.push(`${r.route} [${r.probe}] → no answer`);
          continue;
        }
        if (res.statusCode !== 400) {
          failures.push(`${r.route} [${r.probe}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
          continue;
        }
        const body = res.json();
        // A message a person can read, in the request's language (zh), not an error's internals.
        if (
          body.code !== 400 ||
          typeof body.msg !== 'string' ||
          !body.msg ||
          /[a-z]+Error|stack/i.test(body.msg)
        )
          failures.push(`${r.route} [${r.probe}] → unclear message ${res.body.slice(0, 160)}`);
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    expect(failures).toEqual([]);
  }, 300_000);
});

/* ---------- the exact cases of the issue ---------- */

const MAX = '9223372036854775807';
async function call(
  method: string,
  url: string,
  opts: { body?: unknown; query?: Record<string, string>; lang?: 'en' | 'zh' | 'tw' } = {},
) {
  return t.call(method, url, { token, lang: opts.lang ?? 'tw', body: opts.body, query: opts.query });
}

describe('ids above the 64-bit range', () => {
  it('are a 400 saying the largest id, in GET, filters, PUT, DELETE and select', async () => {
    const tooBig = '9999999999999999999';
    const cases = [
      await call('GET', `/api/coffee/role/${tooBig}`),
      await call('POST', '/api/coffee/device/list', { body: { merchantId: tooBig } }),
      await call('PUT', '/api/coffee/role', { body: { id: tooBig, roleTitle: 'x' } }),
      await call('DELETE', '/api/coffee/role', { body: { ids: [rowIds.role, tooBig] } }),
      await call('GET', '/api/coffee/store/select', { query: { merchantId: tooBig } }),
      await call('GET', '/api/coffee/device/live', { query: { ids: `${rowIds.device},${tooBig}` } }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toContain('無效的編號：最大為 9223372036854775807');
    }
    // The delete wrote nothing: the valid id of the same request is still there.
    expect((await call('GET', `/api/coffee/role/${rowIds.role}`)).statusCode).toBe(200);
    // The largest id is an id: it is just not there.
    expect((await call('GET', `/api/coffee/role/${MAX}`)).statusCode).toBe(404);
    // A JSON number id is a safe integer at most; 1e308 is not an id.
    const huge = await call('DELETE', '/api/coffee/role', { body: { ids: [1e308] }, lang: 'en' });
    expect(huge.statusCode).toBe(400);
  });
});

describe('ids in a URL path', () => {
  it('follow one rule on every route: not an int8 id is a 400 saying why, an id of no row a 404', async () => {
    const paths = [
      ...['role', 'store', 'device', 'product', 'member', 'production-record'].map(
        (r) => (id: string) => `/api/coffee/${r}/${id}`,
      ),
      (id: string) => `/api/coffee/order/${id}/detail`,
      (id: string) => `/api/coffee/upload/${id}`,
      (id: string) => `/api/coffee/drift/${id}`,
    ];
    const malformed = ['abc', '12abc', '0', '007', '-1', '1.5', '%20'];
    // Digits beyond 9223372036854775807, whatever their number: over-long ids are out of range too.
    const beyond = ['9223372036854775808', '99999999999999999999999', '9'.repeat(200)];
    for (const path of paths) {
      for (const id of malformed) {
        const res = await call('GET', path(id), { lang: 'en' });
        expect(res.statusCode, path(id)).toBe(400);
        expect(res.json().msg, path(id)).toMatch(/: Invalid id$/);
      }
      for (const id of beyond) {
        const res = await call('GET', path(id), { lang: 'en' });
        expect(res.statusCode, path(id)).toBe(400);
        expect(res.json().msg, path(id)).toMatch(/: Invalid id: at most 9223372036854775807$/);
      }
      const missing = await call('GET', path(MAX), { lang: 'en' });
      expect(missing.statusCode, path(MAX)).toBe(404);
    }
  });
});

describe('the NUL character', () => {
  it('is a 400 naming the field, in a list filter, a name on create and a hand-written route', async () => {
    const filter = await call('POST', '/api/coffee/role/list', {
      body: { roleName: 'ba\u0000rista' },
      lang: 'zh',
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.json().msg).toBe('roleName：文本不能包含空字符（U+0000）');
    const create = await call('POST', '/api/coffee/role', {
      body: { roleName: 'nul\u0000role', roleTitle: 'Nul' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().msg).toBe('roleName：文字不可包含空字元（U+0000）');
    expect(await t.sql(`select 1 from role where role_name like 'nul%'`)).toHaveLength(0);
    const keyword = await call('GET', '/api/coffee/store/select', {
      query: { keyword: '\u0000' },
      lang: 'en',
    });
    expect(keyword.statusCode).toBe(400);
    expect(keyword.json().msg).toBe('keyword: text may not contain the NUL character (U+0000)');
    // A key, and a value deep in a JSON field, are input too.
    const key = await call('POST', '/api/coffee/role/list', { body: { ['x\u0000']: 1 } });
    expect(key.statusCode).toBe(400);
  });

  it('in a JSON cell of an import file is that row’s error, not a 500', async () => {
    // A file itself may carry no NUL byte (it is refused as not a CSV), but a JSON cell may spell one.
    const csv = [
      'name,action,args',
      'Imported fine,flush,"{""seconds"":5}"',
      'Imported bad,flush,"{""note"":""a\\u0000b""}"',
    ].join('\n');
    const { payload, contentType } = multipartFile(Buffer.from(csv), 'presets.csv', 'text/csv');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/coffee/preset-command/import?dryRun=false',
      headers: { token, 'content-type': contentType, cookie: 'language=en' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([
      {
        row: 3,
        field: 'args.note',
        message: 'args.note: text may not contain the NUL character (U+0000)',
      },
    ]);
    expect(await t.sql(`select 1 from preset_command where name like 'Imported%'`)).toHaveLength(0);
  });
});

describe('numbers, dates and JSON shapes', () => {
  it('bounds money sent as a JSON number to its numeric(12, 2) column', async () => {
    const huge = await call('PUT', '/api/coffee/store-product', {
      body: { id: rowIds['store-product'], price: 1e308 },
      lang: 'zh',
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().msg).toBe('price: 金额范围为 -9999999999.99 至 9999999999.99');
    const largest = await call('PUT', '/api/coffee/store-product', {
      body: { id: rowIds['store-product'], price: 9999999999.99 },
    });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().data.price).toBe('9999999999.99');
  });

  it('refuses impossible dates and years out of range in date filters', async () => {
    for (const createdAtFrom of ['2026-02-30', '99999-01-01', '0000-01-01', '0000-01-01T00:00:00Z']) {
      const res = await call('POST', '/api/coffee/operation-log/list', {
        body: { createdAtFrom },
        lang: 'en',
      });
      expect(res.statusCode, createdAtFrom).toBe(400);
      expect(res.json().msg, createdAtFrom).toMatch(/^createdAtFrom: /);
    }
    const leap = await call('POST', '/api/coffee/operation-log/list', {
      body: { createdAtFrom: '2028-02-29' },
    });
    expect(leap.statusCode).toBe(200);
  });

  it('refuses JSON nested too deeply and JSON that is not an object', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { deeper: deep };
    const nested = await call('POST', '/api/coffee/role/list', {
      body: { roleName: 'a', extra: deep },
      lang: 'en',
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toBe('The request is nested too deeply (at most 32 levels)');
    const array = await call('POST', '/api/coffee/role', { body: ['roleName'], lang: 'en' });
    expect(array.statusCode).toBe(400);
  });

  it('answers a data exception that still reaches PostgreSQL with a 400 (the safety net)', async () => {
    const app = Fastify({ logger: false });
    await registerPlumbing(app);
    app.get('/api/unchecked', async () => t.sql('select $1::int as n', ['99999999999']));
    const res = await app.inject({
      method: 'GET',
      url: '/api/unchecked',
      headers: { cookie: 'language=tw' },
    });
    await app.close();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '某個值超出範圍或不適用於該欄位' });
  });
});

describe('store and machine product pickers', () => {
  it('label a sold product by its name and where it is sold, and search by that name', async () => {
    const [product] = await t.sql(`select name from product where id = $1`, [rowIds.product]);
    const [store] = await t.sql(`select name from store where id = $1`, [rowIds.store]);
    const [device] = await t.sql(`select name from device where id = $1`, [rowIds.device]);
    const part = product.name.slice(2, 8).toUpperCase();
    const inStores = await call('GET', '/api/coffee/store-product/select', { query: { keyword: part } });
    expect(inStores.statusCode, inStores.body).toBe(200);
    expect(inStores.json().data).toEqual([
      { value: rowIds['store-product'], label: `${product.name} · ${store.name}` },
    ]);
    const inMachines = await call('GET', '/api/coffee/machine-product/select', { query: { keyword: part } });
    expect(inMachines.statusCode, inMachines.body).toBe(200);
    expect(inMachines.json().data).toEqual([
      { value: rowIds['machine-product'], label: `${product.name} · ${device.name}` },
    ]);
    // A keyword is text, not a pattern: '%' finds what contains '%', here nothing.
    const percent = await call('GET', '/api/coffee/store-product/select', { query: { keyword: '%' } });
    expect(percent.json().data).toEqual([]);
  });
});

describe('top-level parents', () => {
  it('accept back parentId "0", as the menu and organization trees answer it', async () => {
    const tree = (await call('GET', '/api/coffee/menu')).json().data;
    expect(tree[0].parentId).toBe('0');
    const created = await call('POST', '/api/coffee/menu', {
      body: { parentId: '0', name: '顶层', twName: '頂層', enName: 'Top level', type: 0, orderNum: 9000 },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data.parentId).toBeNull();
    const id = created.json().data.id;
    const node = (await call('GET', '/api/coffee/menu')).json().data.find((m: { id: string }) => m.id === id);
    expect(node.parentId).toBe('0');
    // The node as the tree answers it goes back unchanged.
    const { menuId: _m, menuList: _l, ...asAnswered } = node;
    const updated = await call('PUT', '/api/coffee/menu', { body: { ...asAnswered, enName: 'Top level 2' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ parentId: null, enName: 'Top level 2' });

    const org = await call('POST', '/api/coffee/organization', {
      body: { name: 'Top organization', type: 'headquarters', parentId: 0 },
    });
    expect(org.statusCode, org.body).toBe(200);
    const orgs = (await call('GET', '/api/coffee/organization/tree')).json().data;
    expect(orgs.find((o: { id: string }) => o.id === org.json().data.id).parentId).toBe('0');
  });
});

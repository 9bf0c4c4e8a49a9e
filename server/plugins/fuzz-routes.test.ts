// @postgres: hostile input through a listening server, requests side by side
import { eq, inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALLOWED_TAGS, TEXT_NOT_ALLOWED } from '../../domain';
import { flightCrew, flights, messages, type UserRow, users, waves } from '../db/schema';
import type { RouteDeclaration } from '../plugins/access';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAdmin, buildCrew, buildFlight, buildWave, joinFlight } from '../test/factories';
import { type Injector, injectAs } from '../test/inject-as';
import { openSocket, sessionCookie } from '../test/socket-client';

/**
 * Hostile input for every route, derived from the route table and each route's own zod schemas:
 * wrong types, nulls, 1 MB strings, NUL, lone surrogates, prototype keys, extra privileged
 * fields, ids beyond 32 bits, negative and non-numeric ids, as anonymous, crew and admin.
 * Nothing a client sends may answer 5xx, reject unhandled, or change another member's data.
 *
 * FUZZ_RUNS is the number of cases per route for each role that may call it (`npm run
 * test:fuzz` raises it); a role the route refuses at the door (401/403 before its body is read)
 * gets a tenth of that.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
/** A case reaching the database costs a few ms; a long run gets the time it needs. */
const TIMEOUT = Math.max(600_000, RUNS * 5_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const INT_MAX = 2_147_483_647;

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  pattern?: string;
  format?: string;
};

/** The route's zod input schema as JSON Schema (transforms and refinements become `any`). */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const MEGABYTE_STRING = 'a'.repeat(1024 * 1024 - 64);

/** Text PostgreSQL cannot store or that has tripped parsers before. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udc00y',
    '\udbff',
    '__proto__',
    'constructor',
    "'; drop table users; --",
    '%00',
    '\u2028\u2029',
    '   ',
    '',
    '😀'.repeat(50),
    '9'.repeat(400),
    MEGABYTE_STRING,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
);

const hostileNumber = fc.constantFrom(
  2 ** 31,
  INT_MAX,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  Number.MAX_VALUE,
  -1,
  0,
  1.5,
  -0.5,
  1e-9,
);

const privilegedExtras = fc.dictionary(
  fc.constantFrom(
    'isAdmin',
    'is_admin',
    'id',
    'userId',
    'senderId',
    'approvalStatus',
    'isDemoUser',
    'verified',
    'passcode',
    'membershipType',
    'email',
    '__proto__',
    'constructor',
    'prototype',
  ),
  fc.oneof(
    fc.constant(true),
    fc.constant({ isAdmin: true }),
    fc.constant({ prototype: { isAdmin: true } }),
    hostileNumber,
    hostileText,
  ),
  { maxKeys: 3 },
);

/** Any JSON at all, with the hostile values mixed in. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileText,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(hostileText, hostileNumber), { maxLength: 3 }),
  privilegedExtras,
  fc.jsonValue({ maxDepth: 2 }),
);

type Pools = { ids: number[]; emails: string[] };

/** A value of the right shape (so the request gets further in), sometimes made hostile. */
function plausible(name: string, schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  const types = [schema.type ?? schema.anyOf?.map((s) => s.type) ?? []].flat();
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => plausible(name, s, pools)));
  if (types.includes('integer') || types.includes('number')) {
    return fc.oneof(fc.constantFrom(...pools.ids), hostileNumber, fc.integer());
  }
  if (types.includes('boolean')) return fc.boolean();
  if (types.includes('array')) {
    return fc.array(plausible(name, schema.items ?? {}, pools), { maxLength: 4 });
  }
  if (types.includes('object') && schema.properties) return objectFor(schema, pools);
  const lower = name.toLowerCase();
  const base: fc.Arbitrary<string> = schema.pattern
    ? fc.stringMatching(new RegExp(schema.pattern))
    : lower.includes('email')
      ? fc.constantFrom(...pools.emails)
      : lower.includes('date')
        ? fc.constantFrom('2030-06-18', '2030-06-18T10:00:00Z', '1999-13-40')
        : lower === 'origin' || lower === 'destination'
          ? fc.constantFrom('LHR', 'JFK', 'lhr')
          : lower === 'tags'
            ? fc.constantFrom(...ALLOWED_TAGS)
            : lower.includes('flightnumber')
              ? fc.constantFrom('BA123', 'ba9')
              : fc.string({ maxLength: 30 });
  return fc.oneof(
    { weight: 3, arbitrary: base },
    { weight: 2, arbitrary: fc.tuple(base, hostileText).map(([a, b]) => a + b) },
    { weight: 1, arbitrary: fc.tuple(hostileText, base).map(([a, b]) => a + b) },
  );
}

function objectFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {}).map(
    ([key, prop]) =>
      [
        key,
        fc.option(
          fc.oneof(
            { weight: 4, arbitrary: plausible(key, prop, pools) },
            { weight: 1, arbitrary: wrongValue },
          ),
          { freq: 8, nil: undefined },
        ),
      ] as const,
  );
  return fc
    .tuple(fc.record(Object.fromEntries(entries)), privilegedExtras)
    .map(([fields, extras]) => {
      const body: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) body[key] = value;
      // defineProperty: a `__proto__` key must be an own key in the JSON, not a prototype change.
      for (const [key, value] of Object.entries(extras)) {
        Object.defineProperty(body, key, { value, enumerable: true, writable: true });
      }
      return body;
    });
}

/** A body for the route: usually an object of its own fields, sometimes no object at all. */
function bodyFor(schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<string | undefined> {
  const shaped = schema?.properties ? objectFor(schema, pools) : privilegedExtras;
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: wrongValue.map((b) => JSON.stringify(b) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        undefined,
        '',
        '{',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"a":"\\u0000"}',
        '{"a":"\\ud800"}',
        '[1,2,3]',
        'null',
      ),
    },
  );
}

/** Percent-encoding that survives lone surrogates (they go as raw, invalid UTF-8 bytes). */
function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((b) => `%${b.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

function pathSegment(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pools.ids).map(String) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '2147483648',
        '4294967296',
        '99999999999999999999999',
        '1.5',
        '1e3',
        '0x10',
        'abc',
        'null',
        '%00',
        '1%00',
        '%ED%A0%80',
        '%C0%80',
        '%FF',
        '%',
        '__proto__',
        'constructor',
      ),
    },
    { weight: 1, arbitrary: fc.oneof(hostileText, hostileNumber).map(encode) },
  );
}

function queryFor(schema: JsonSchema | undefined, pools: Pools): fc.Arbitrary<string> {
  const shaped = schema?.properties ? objectFor(schema, pools) : privilegedExtras;
  return fc.oneof(
    {
      weight: 6,
      arbitrary: shaped.map((q) =>
        Object.entries(q)
          .map(([k, v]) => `${encode(k)}=${encode(v)}`)
          .join('&'),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('email=%00', 'email=%ED%A0%80', 'email[]=a&email[]=b', 'a=%'),
    },
  );
}

function requestFor(route: RouteDeclaration, pools: Pools): fc.Arbitrary<InjectOptions> {
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return fc
    .record({
      segments: fc.tuple(...params.map(() => pathSegment(pools))),
      query: fc.option(queryFor(jsonSchemaOf(route.schema?.querystring), pools), {
        freq: route.schema?.querystring ? 8 : 2,
      }),
      body: hasBody ? bodyFor(jsonSchemaOf(route.schema?.body), pools) : fc.constant(undefined),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
      ),
    })
    .map(({ segments, query, body, contentType }) => {
      let i = 0;
      const path = route.url.replace(/:[A-Za-z]+/g, () => segments[i++] ?? '1');
      return {
        method: route.method as 'GET',
        url: query ? `${path}?${query}` : path,
        ...(body === undefined ? {} : { payload: body, headers: { 'content-type': contentType } }),
      };
    });
}

/** Another member's rows: what no request of anyone else's may change. */
async function snapshotOf(t: TestApp, victim: UserRow, friend: UserRow) {
  const { db } = t.database;
  const pair = [victim.id, friend.id];
  const theirWaves = await db
    .select()
    .from(waves)
    .where(or(inArray(waves.senderId, pair), inArray(waves.receiverId, pair)));
  const between = theirWaves.filter(
    (w) => pair.includes(w.senderId) && pair.includes(w.receiverId),
  );
  const crew = await db.select().from(flightCrew).where(eq(flightCrew.userId, victim.id));
  return {
    users: await db.select().from(users).where(inArray(users.id, pair)),
    crew,
    flights: await db
      .select()
      .from(flights)
      .where(
        inArray(
          flights.id,
          crew.map((c) => c.flightId),
        ),
      ),
    waves: between,
    messages: await db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.waveId,
          between.map((w) => w.id),
        ),
      ),
  };
}

/** Whether the role gets past the route's door (access and demo checks run before parsing). */
function reaches(role: 'anonymous' | 'crew' | 'admin', route: RouteDeclaration) {
  if (route.access === 'public') return true;
  return role === 'admin' || (role === 'crew' && route.access === 'user');
}

describe('hostile input on every route', () => {
  let t: TestApp;
  let victim: UserRow;
  let friend: UserRow;
  let victimPools: Pools;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  const casesPerRoute = new Map<string, number>();

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    // Limits high enough that the fuzzer reaches the services instead of only 429s.
    const base = (await import('../config')).testConfig();
    t = await buildTestApp({
      config: {
        limits: {
          ...base.limits,
          loginPerIp: 1e9,
          resetPerHour: 1e9,
          resetPerDay: 1e9,
          registerPerIp: 1e9,
          checkEmailPerIp: 1e9,
        },
      },
    });
    const { db } = t.database;
    victim = await buildCrew(db, { pin: '9137', mobileNumber: '+44 7700 900123' });
    friend = await buildCrew(db);
    const flight = await buildFlight(db);
    const entry = await joinFlight(db, victim, flight);
    await joinFlight(db, friend, flight);
    const wave = await buildWave(db, victim, friend, flight, { status: 'accepted' });
    const [message] = await db
      .insert(messages)
      .values({ waveId: wave.id, senderId: victim.id, content: 'private words' })
      .returning();
    victimPools = {
      ids: [victim.id, friend.id, flight.id, entry.id, wave.id, message!.id],
      emails: [victim.email.replace(/^crew/, 'nobody'), 'someone@ba.com', 'not-an-email'],
    };
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    const counts = [...casesPerRoute.values()];
    const total = counts.reduce((a, b) => a + b, 0);
    console.info(
      `fuzz: ${total} requests over ${counts.length} routes (${Math.min(...counts)} to ${Math.max(...counts)} per route), FUZZ_RUNS=${RUNS}`,
    );
    await t?.close();
  });

  /** A fresh caller per route with rows of its own, so one route's case cannot starve another. */
  async function callerFor(role: 'anonymous' | 'crew' | 'admin') {
    const { db } = t.database;
    if (role === 'anonymous') {
      return { inject: (o: InjectOptions) => t.app.inject(o), pools: victimPools };
    }
    const user = role === 'admin' ? await buildAdmin(db) : await buildCrew(db);
    const other = await buildCrew(db);
    const flight = await buildFlight(db);
    const entry = await joinFlight(db, user, flight);
    await joinFlight(db, other, flight);
    const wave = await buildWave(db, other, user, flight);
    const inject: Injector = await injectAs(t.app, user);
    const ids = [user.id, other.id, flight.id, entry.id, wave.id, ...victimPools.ids];
    return { inject, pools: { ids, emails: [user.email, ...victimPools.emails] } };
  }

  async function fuzz(role: 'anonymous' | 'crew' | 'admin') {
    // HEAD twins of GET routes answer from the same handler: fuzzing the GET covers them.
    const routes = t.app.routeTable.filter(
      (r) =>
        /^\/(api|ws|metrics)/.test(r.url) && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures = new Map<string, string>();
    for (const route of routes) {
      const { inject, pools } = await callerFor(role);
      await fc.assert(
        fc.asyncProperty(requestFor(route, pools), async (request) => {
          const key = `${route.method} ${route.url}`;
          casesPerRoute.set(key, (casesPerRoute.get(key) ?? 0) + 1);
          const res = await inject(request);
          // Every failing route is reported (not only the first), each with one example.
          if (res.statusCode >= 500 && !failures.has(`${route.method} ${route.url}`)) {
            failures.set(
              `${route.method} ${route.url}`,
              `${res.statusCode} ${JSON.stringify(request).slice(0, 300)}`,
            );
          }
        }),
        { numRuns: reaches(role, route) ? RUNS : Math.ceil(RUNS / 10), seed: SEED },
      );
    }
    expect(Object.fromEntries(failures)).toEqual({});
  }

  it(
    'answers anonymous callers below 500 and changes no member',
    async () => {
      const before = await snapshotOf(t, victim, friend);
      await fuzz('anonymous');
      expect(await snapshotOf(t, victim, friend)).toEqual(before);
      expect(rejections).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'answers a crew member below 500 and changes no other member',
    async () => {
      const before = await snapshotOf(t, victim, friend);
      await fuzz('crew');
      expect(await snapshotOf(t, victim, friend)).toEqual(before);
      expect(rejections).toEqual([]);
    },
    TIMEOUT,
  );

  // An admin may change other members on purpose (approve, update e-mail): only the status and
  // the absence of unhandled rejections are checked here.
  it(
    'answers an admin below 500',
    async () => {
      await fuzz('admin');
      expect(rejections).toEqual([]);
    },
    TIMEOUT,
  );
});

describe('the input rules the fuzzer relies on', () => {
  let t: TestApp;
  let asCrew: Injector;
  let crew: UserRow;
  beforeAll(async () => {
    t = await buildTestApp();
    crew = await buildCrew(t.database.db);
    asCrew = await injectAs(t.app, crew);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) => ({
    method,
    url,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

  it('refuses NUL and lone surrogates in any body, query or path with one clear 400', async () => {
    const refused = [
      await asCrew(json('PATCH', '/api/users/me', { name: 'Ann\u0000' })),
      await asCrew(json('POST', '/api/flights/search', { query: 'BA\ud800' })),
      await asCrew(json('POST', '/api/flight-crew', { flightId: 1, tags: ['x\udc00'] })),
      await asCrew(
        json('POST', '/api/flights/batch', { flights: [{ flightNumber: 'BA1\u0000' }] }),
      ),
      await t.app.inject(
        json('POST', '/api/auth/login', { email: 'a\u0000@ba.com', passcode: '1234' }),
      ),
      await t.app.inject({ method: 'GET', url: '/api/check-email?email=a%00%40ba.com' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(TEXT_NOT_ALLOWED);
    }
    expect(refused[0]!.json().field).toBe('name');
    const [me] = await t.database.db.select().from(users).where(eq(users.id, crew.id));
    expect(me!.name).toBe(crew.name);
  });

  it('refuses ids beyond 32 bits, in bodies and paths alike, as Invalid id', async () => {
    const refused = [
      await asCrew(json('POST', '/api/waves', { receiverId: 2 ** 31, flightId: 1 })),
      await asCrew(json('POST', '/api/messages', { waveId: 2 ** 32, content: 'hi' })),
      await asCrew(json('POST', '/api/flight-crew', { flightId: 2 ** 53 })),
      await asCrew(json('POST', '/api/test-cross-env-push', { targetUserId: 2 ** 31 })),
      await asCrew({ method: 'GET', url: `/api/flights/${2 ** 31}` }),
      await asCrew({ method: 'GET', url: '/api/messages/-1' }),
      // One spelling per id: what Number() would also read is still not an id.
      ...(await Promise.all(
        ['%201', '0x10', '1e3', '+1', '007'].map((id) =>
          asCrew({ method: 'GET', url: `/api/flights/${id}` }),
        ),
      )),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('Invalid id');
    }
  });

  it('answers a socket frame with an out-of-range id or unstorable text with an error frame', async () => {
    const client = await openSocket(t.app, {
      cookie: await sessionCookie(t.app, crew.id, t.clock.now()),
    });
    client.send({ type: 'new_message', clientId: 'c1', waveId: 2 ** 31, content: 'hi' });
    expect(await client.next('error')).toMatchObject({ clientId: 'c1', message: 'Invalid id' });
    client.send({ type: 'wave_update', clientId: 'c2', waveId: 2 ** 40, status: 'accepted' });
    expect(await client.next('error')).toMatchObject({ clientId: 'c2', message: 'Invalid id' });
    client.send({ type: 'new_message', clientId: 'c3', waveId: 1, content: 'a\u0000b' });
    expect(await client.next('error')).toMatchObject({ clientId: 'c3', message: TEXT_NOT_ALLOWED });
    client.close();
  });
});

/**
 * A request a limited public route refuses as invalid still takes a slot of that route's
 * per-address limit: after `limit` refused requests from one address, a valid one is 429.
 */
describe('refused input counts toward the limit of its route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress,
      headers: { 'content-type': 'application/json' },
    });
  // The first is nested 100,000 deep (200 KB): refused before it is parsed, and still counted.
  const invalidBodies = [
    `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    '{"email":"a\\u0000@ba.com"}',
    '{"email":42}',
    '{',
    '[]',
  ];
  const invalidBody = (i: number) => invalidBodies[i % invalidBodies.length]!;
  const routes = [
    {
      name: 'POST /api/auth/login',
      limit: () => t.app.deps.config.limits.loginPerIp,
      invalid: (i: number, ip: string) => post('/api/auth/login', invalidBody(i), ip),
      valid: (ip: string) =>
        post('/api/auth/login', '{"email":"someone@ba.com","passcode":"1234"}', ip),
    },
    {
      name: 'POST /api/register/initiate',
      limit: () => t.app.deps.config.limits.registerPerIp,
      invalid: (i: number, ip: string) => post('/api/register/initiate', invalidBody(i), ip),
      valid: (ip: string) =>
        post(
          '/api/register/initiate',
          JSON.stringify({
            email: `new.${ip}@ba.com`,
            name: 'New',
            role: 'IFM',
            membership: 'trial',
          }),
          ip,
        ),
    },
    {
      name: 'POST /api/auth/forgot-passcode',
      limit: () =>
        Math.min(t.app.deps.config.limits.resetPerHour, t.app.deps.config.limits.resetPerDay),
      invalid: (i: number, ip: string) => post('/api/auth/forgot-passcode', invalidBody(i), ip),
      valid: (ip: string) => post('/api/auth/forgot-passcode', '{"email":"someone@ba.com"}', ip),
    },
    {
      name: 'POST /api/auth/verify-email',
      limit: () => t.app.deps.config.limits.checkEmailPerIp,
      invalid: (i: number, ip: string) => post('/api/auth/verify-email', invalidBody(i), ip),
      valid: (ip: string) => post('/api/auth/verify-email', '{"email":"someone@ba.com"}', ip),
    },
    {
      name: 'POST /api/auth/renew-membership-form',
      limit: () => t.app.deps.config.limits.checkEmailPerIp,
      invalid: (i: number, ip: string) =>
        i % 2
          ? post('/api/auth/renew-membership-form', invalidBody(i), ip)
          : t.app.inject({
              method: 'POST',
              url: '/api/auth/renew-membership-form',
              payload: 'email=%00',
              remoteAddress: ip,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
            }),
      valid: (ip: string) =>
        post('/api/auth/renew-membership-form', '{"email":"someone@ba.com"}', ip),
    },
    {
      name: 'GET /api/check-email',
      limit: () => t.app.deps.config.limits.checkEmailPerIp,
      invalid: (i: number, ip: string) =>
        t.app.inject({
          method: 'GET',
          url: ['/api/check-email?email=%00', '/api/check-email', '/api/check-email?email=x'][
            i % 3
          ]!,
          remoteAddress: ip,
        }),
      valid: (ip: string) =>
        t.app.inject({
          method: 'GET',
          url: '/api/check-email?email=a%40ba.com',
          remoteAddress: ip,
        }),
    },
  ];

  it.each(routes.map((r, i) => [r.name, r, i] as const))('%s', async (_name, route, i) => {
    const ip = `10.77.0.${i + 1}`;
    for (let n = 0; n < route.limit(); n += 1) {
      expect((await route.invalid(n, ip)).statusCode).toBe(400);
    }
    const res = await route.valid(ip);
    expect(res.statusCode, res.body).toBe(429);
    // Past the limit, refused input is refused by the limit too: no unbounded 400s (and log lines).
    expect((await route.invalid(0, ip)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await route.valid(`10.78.0.${i + 1}`)).statusCode).not.toBe(429);
  });
});

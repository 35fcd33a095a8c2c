import { consistencyReport, failedChecks } from './database/consistency';
import { SettingsService } from './settings/settings.service';
import type { User } from './users/user.entity';
import {
  discoverOperations,
  errorBodyProblem,
  type Field,
  forgedAuthorizations,
  type FuzzOperation,
  hostilePathValues,
  hostileQueryValues,
  hostileValues,
  RAW_BODIES,
  seededRandom,
} from '../test/openapi-fuzz';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Every operation of /api/docs/openapi.json, as a guest, a member, an admin and with forged
 * tokens, gets wrong types, 1 MB strings, lone surrogates, NULs, RTL text and emoji, bad ids and
 * cursors, absurd paging, malformed JSON and bodies of the wrong shape. No answer may be a 5xx,
 * and every error must be `{ message, statusCode }` with a Turkish message. Then the database
 * must still agree with itself (database/consistency.ts). The rate limiter is off (createTestApp).
 */

const SEED = 20261123;

interface Sent {
  who: string;
  label: string;
  method: string;
  url: string;
}

interface Failure extends Sent {
  status: number;
  problem: string;
}

/** Ids the valid parts of a request use: another account and its post, never the fuzzing accounts themselves. */
interface Targets {
  user: User;
  postId: string;
}

let serial = 0;

/** A value each constraint accepts, so that one bad field at a time is what the route sees. */
function plausible(field: Field, targets: Targets): unknown {
  const c = field.constraints;
  serial += 1;
  if (c.has('isEmail')) return `fuzz${serial}@test.gundem`;
  if (c.has('isBoolean')) return false;
  if (c.has('isInt') || c.has('isNumber') || c.has('min') || c.has('max')) return (c.get('min')?.[0] as number | undefined) ?? 1;
  if (c.has('isIn')) return (c.get('isIn')?.[0] as unknown[])[0];
  if (c.has('isArray')) return [];
  if (c.has('nestedValidation') || c.has('isObject')) return {};
  if (/id$/i.test(field.name)) return /post|reply/i.test(field.name) ? targets.postId : targets.user.id;
  if (/username|login/i.test(field.name)) return targets.user.username;
  if (c.has('matches')) return `fuzz_${serial}`;
  return `merhaba dünya ${serial}`;
}

describe('OpenAPI fuzz: every route, hostile input, no 5xx, Turkish errors (real PostgreSQL)', () => {
  let t: TestApp;
  let operations: FuzzOperation[];
  let member: User;
  let admin: User;
  let targets: Targets;
  const failures: Failure[] = [];
  const sentPerOperation = new Map<string, number>();
  let total = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body;
    operations = discoverOperations(t.app, document);
    member = await t.createUser();
    admin = await t.createUser({ role: 'admin' });
    const victim = await t.createUser();
    const post = await t.createPost(victim, 'hedef gönderi #fuzz');
    await t.createPost(member, 'yanıt', post.id);
    targets = { user: victim, postId: post.id };
  });
  afterAll(async () => {
    await t.close();
  });

  it('discovers every operation of the document, with the fields of its DTOs', () => {
    expect(operations.length).toBeGreaterThanOrEqual(29);
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    // Spot checks that discovery reads the handlers: if these fail, the fuzz would be blind.
    expect(byId.get('AuthController_register')?.bodyFields.map((f) => f.name).sort()).toEqual(['displayName', 'email', 'password', 'username']);
    expect(byId.get('PostsController_search')?.queryFields.map((f) => f.name)).toEqual(expect.arrayContaining(['q', 'limit', 'cursor']));
    expect(byId.get('AuthController_verifyEmail')?.queryFields.map((f) => f.name)).toEqual(['token']);
    expect(byId.get('PostsController_like')?.pathParams).toEqual(['id']);
  });

  it('answers no request with a 5xx, and every error as { message, statusCode } in Turkish', async () => {
    const settings = t.app.get(SettingsService);
    const original = JSON.stringify(await settings.get());
    const tokens: Record<string, string | undefined> = {
      guest: undefined,
      member: `Bearer ${await t.tokenFor(member)}`,
      admin: `Bearer ${await t.tokenFor(admin)}`,
    };
    const fresh = await t.db.query('SELECT session_version FROM users WHERE id = $1', [member.id]);
    const forged = forgedAuthorizations(t.config.jwtSecret, member.id, Number(fresh[0]?.session_version ?? 0));

    // A listening server and fetch's kept-alive connections: supertest would open a server per request.
    const base = await t.listen();
    const send = async (sent: Sent, authorization: string | undefined, body?: { json: unknown } | { raw: string; type: string }) => {
      const method = sent.method;
      // An API client: JSON wanted, redirects (the e-mail link's, for browsers) not followed.
      const headers: Record<string, string> = { accept: 'application/json' };
      if (authorization) headers.authorization = authorization;
      let payload: string | undefined;
      if (body && 'json' in body) {
        headers['content-type'] = 'application/json';
        // JSON.stringify writes a lone surrogate as a \ud800 escape, so it arrives as one.
        payload = JSON.stringify(body.json);
      }
      if (body && 'raw' in body) {
        headers['content-type'] = body.type;
        payload = body.raw;
      }
      const response = await fetch(base + sent.url, { method: method.toUpperCase(), headers, body: payload, redirect: 'manual' });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: errorBodyProblem says so
      }
      const res = { status: response.status, body: parsed };
      total += 1;
      const key = `${sent.method} ${sent.url.split('?')[0]}`;
      sentPerOperation.set(key, (sentPerOperation.get(key) ?? 0) + 1);
      let problem: string | undefined;
      if (res.status >= 500) problem = `status ${res.status}: ${JSON.stringify(res.body)}`;
      else if (res.status >= 400) problem = errorBodyProblem(res.status, res.body);
      if (problem) failures.push({ ...sent, url: sent.url.slice(0, 200), status: res.status, problem: problem.slice(0, 300) });
      // One fuzzed value (maintenance on, registration closed) must not change what every later request meets.
      if (method !== 'get' && sent.url.startsWith('/api/admin/settings') && JSON.stringify(await settings.get()) !== original) {
        await settings.update(JSON.parse(original), admin);
      }
    };

    // Each operation's inputs from a seed of its own, so a failure replays whatever ran beside it.
    const fuzz = async (op: FuzzOperation) => {
      const random = seededRandom(SEED + operations.indexOf(op));
      const pathWith = (overrides: Record<string, string> = {}) =>
        op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
          if (name in overrides) return overrides[name];
          if (/user(name)?$/i.test(name) && name.toLowerCase().includes('name')) return targets.user.username;
          return op.path.includes('/posts') ? targets.postId : targets.user.id;
        });
      const validBody = () => Object.fromEntries(op.bodyFields.map((f) => [f.name, plausible(f, targets)]));
      const bodyOf = () => (op.method === 'get' || op.method === 'delete' ? undefined : { json: validBody() });

      // Every hostile input from whoever gets past the guards (a guest is refused before any
      // validation on a member's route, a member on an admin's); the others send it as documented.
      const admins = op.path.startsWith('/api/admin');
      const fuzzers = admins ? ['admin'] : op.secured ? ['member'] : op.method === 'get' ? ['guest', 'member'] : ['guest'];
      for (const [who, authorization] of Object.entries(tokens)) {
        const sent = (label: string, url: string): Sent => ({ who, label, method: op.method, url });
        await send(sent('as documented', pathWith()), authorization, bodyOf());
        if (!fuzzers.includes(who)) continue;

        for (const name of op.pathParams) {
          for (const value of hostilePathValues(random)) await send(sent(`path ${name}`, pathWith({ [name]: value })), authorization, bodyOf());
        }

        // The fields the handler reads; any other one is covered by the unknown-field request below.
        for (const name of new Set(op.queryFields.map((f) => f.name))) {
          for (const value of hostileQueryValues(random)) await send(sent(`query ${name}`, `${pathWith()}?${name}=${value}`), authorization, bodyOf());
          await send(sent(`query ${name} twice`, `${pathWith()}?${name}=1&${name}=2`), authorization, bodyOf());
          await send(sent(`query ${name} as object`, `${pathWith()}?${name}[a][b]=1`), authorization, bodyOf());
        }
        await send(sent('unknown query field', `${pathWith()}?zzz=1&__proto__[x]=1`), authorization, bodyOf());

        if (op.method === 'get') continue;
        for (const field of op.bodyFields) {
          for (const value of hostileValues(random)) await send(sent(`body ${field.name}`, pathWith()), authorization, { json: { ...validBody(), [field.name]: value } });
          const missing = validBody();
          delete missing[field.name];
          await send(sent(`body without ${field.name}`, pathWith()), authorization, { json: missing });
        }
        for (const value of hostileValues(random).slice(0, 12)) await send(sent('body unknown field', pathWith()), authorization, { json: { ...validBody(), zzz: value } });
        for (const raw of RAW_BODIES) await send(sent(`raw ${raw.type}: ${raw.body.slice(0, 20)}`, pathWith()), authorization, { raw: raw.body, type: raw.type });
      }

      for (const [label, authorization] of Object.entries(forged)) {
        await send({ who: `forged: ${label}`, label: 'as documented', method: op.method, url: pathWith() }, authorization, bodyOf());
      }
    };
    // Three operations at a time: some 3,000 requests one after the other outlasted five minutes on
    // a loaded CI host (Node 22 beside the browser suites). The admin settings run alone, after the
    // rest: a fuzzed value (maintenance on, registration closed) would meet every request in flight.
    const alone = operations.filter((op) => op.path.startsWith('/api/admin/settings'));
    const queue = operations.filter((op) => !alone.includes(op));
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let op = queue.shift(); op; op = queue.shift()) await fuzz(op);
      }),
    );
    for (const op of alone) await fuzz(op);

    // Every operation was exercised, and in earnest.
    for (const op of operations) expect({ op: op.operationId, sent: [...sentPerOperation.entries()].some(([k]) => k.startsWith(`${op.method} `)) }).toEqual({ op: op.operationId, sent: true });
    expect(total).toBeGreaterThan(2000);
    // The fuzzing accounts were never locked out along the way (their requests reached the handlers).
    for (const who of ['member', 'admin']) expect((await fetch(`${base}/api/auth/me`, { headers: { authorization: tokens[who]! } })).status).toBe(200);
    expect(failures.slice(0, 25)).toEqual([]);
    expect(failures).toHaveLength(0);
  }, 300_000);

  it('leaves every counter equal to its recount and no row pointing at a missing one', async () => {
    expect(failedChecks(await consistencyReport((sql) => t.db.query(sql)))).toEqual({});
  });
});

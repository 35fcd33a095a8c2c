import { createHmac } from 'node:crypto';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getMetadataStorage } from 'class-validator';

/**
 * The pieces of the API fuzz suite (src/openapi-fuzz.e2e-spec.ts): the operations of the OpenAPI
 * document with the input fields their handlers read, a seeded generator of hostile values, and
 * forged bearer tokens. Routes come from the document only, so a route added later is fuzzed
 * without touching the suite; field names come from the handler's DTO classes (the document
 * lists the DTOs but not their fields), and a route whose fields cannot be found is still sent
 * every generic attack.
 */

/** One operation of the OpenAPI document and the input its handler declares. */
export interface FuzzOperation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path, e.g. `/api/posts/{id}/like`. */
  path: string;
  operationId: string;
  pathParams: string[];
  /** Query fields: a `@Query()` DTO's properties and every `@Query('name')`. */
  queryFields: Field[];
  /** Body fields of the `@Body()` DTO (empty when there is no body or it has no known fields). */
  bodyFields: Field[];
  hasBody: boolean;
  secured: boolean;
}

/** A DTO property and the class-validator constraint names on it (isEmail, isInt, min, …). */
export interface Field {
  name: string;
  constraints: Map<string, unknown[]>;
}

/** RouteParamtypes of @nestjs/common (BODY, QUERY). */
const BODY = 3;
const QUERY = 4;

type Method = FuzzOperation['method'];
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

interface OpenApiOperation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  security?: unknown[];
}

function fieldsOf(dto: unknown): Field[] {
  if (typeof dto !== 'function' || dto === Object || dto === String) return [];
  const fields = new Map<string, Field>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const field = fields.get(meta.propertyName) ?? { name: meta.propertyName, constraints: new Map() };
    const name = meta.name ?? meta.type;
    field.constraints.set(name, meta.constraints ?? []);
    fields.set(meta.propertyName, field);
  }
  return [...fields.values()];
}

/** Controller classes by name, from the running application. */
function controllers(app: NestExpressApplication): Map<string, new (...args: never[]) => unknown> {
  const found = new Map<string, new (...args: never[]) => unknown>();
  for (const module of app.get(ModulesContainer, { strict: false }).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (type) found.set(type.name, type);
    }
  }
  return found;
}

/** Every operation of `document` (the app's /api/docs/openapi.json), with its handler's input fields. */
export function discoverOperations(app: NestExpressApplication, document: { paths: Record<string, Record<string, OpenApiOperation>> }): FuzzOperation[] {
  const classes = controllers(app);
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const operationId = op.operationId ?? `${method} ${path}`;
      // Nest's swagger names operations `<Controller>_<method>`.
      const [className, handler] = operationId.split('_');
      const controller = classes.get(className);
      const queryFields: Field[] = [];
      let bodyFields: Field[] = [];
      if (controller && handler) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<string, { index: number; data?: unknown }>;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handler) ?? []) as unknown[];
        for (const [key, arg] of Object.entries(args)) {
          const type = Number(key.split(':')[0]);
          if (type === QUERY) {
            if (typeof arg.data === 'string') queryFields.push({ name: arg.data, constraints: new Map() });
            else queryFields.push(...fieldsOf(types[arg.index]));
          }
          if (type === BODY) bodyFields = fieldsOf(types[arg.index]);
        }
      }
      operations.push({
        method,
        path,
        operationId,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryFields,
        bodyFields,
        hasBody: Boolean(op.requestBody) || bodyFields.length > 0,
        secured: Boolean(op.security?.length),
      });
    }
  }
  return operations;
}

/** mulberry32: a small seeded generator, so every run sends the same requests. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters a random string is drawn from: each kind has broken some parser somewhere. */
const TEXT_POOLS: string[] = [
  'abcxyzABCXYZ019 _-.@#%&+/\\\'"<>',
  'çğıöşüÇĞİÖŞÜ',
  '\u0300\u0301\u0302\u0327\u0308\u036F', // combining marks
  'مرحبا שלום\u202E\u202D\u200F\u200E', // right-to-left text and direction overrides
  '👩🏽‍💻🇹🇷😀🫠\u200D\uFE0F', // emoji: surrogate pairs, joiners, selectors
  '\uD800\uDBFF\uDC00\uDFFF', // halves of surrogate pairs
  '\u0000\u0001\u0008\u001B\u007F\u0085\u2028\u2029\uFEFF\uFFFE\uFFFF', // NUL, controls, specials
];

/** A random string of up to `max` UTF-16 units drawn from TEXT_POOLS (broken surrogates and NUL included). */
export function randomText(random: () => number, max = 40): string {
  const pools = TEXT_POOLS;
  const length = Math.floor(random() * max) + 1;
  let out = '';
  while (out.length < length) {
    const pool = pools[Math.floor(random() * pools.length)];
    out += pool.charAt(Math.floor(random() * pool.length));
  }
  return out;
}

/** Hostile JSON values for any field: wrong types, edges of numbers and strings, broken text. */
export function hostileValues(random: () => number): unknown[] {
  return [
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    '   ',
    [],
    ['a', 'b'],
    {},
    { $gt: '' },
    'a\u0000b',
    'x\uD800y',
    '\uDFFF',
    'مرحبا \u202Eשלום\u202C 👩🏽‍💻🇹🇷',
    's\u0327ehir İı',
    'NaN',
    '-1',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    'x'.repeat(10_000),
    'ş'.repeat(1024 * 1024),
    randomText(random),
    randomText(random, 300),
  ];
}

/** Hostile raw query-string values (already percent-encoded where they must be). */
export function hostileQueryValues(random: () => number): string[] {
  return [
    '',
    '-1',
    '0',
    '1.5',
    'NaN',
    'Infinity',
    '1e309',
    '99999999999999999999999',
    'abc',
    '%00',
    'a%00b',
    '%ED%A0%80',
    '%FF%FE',
    '%',
    '%zz',
    encodeURIComponent('مرحبا \u202Eשלום 👩🏽‍💻'),
    encodeURIComponent('s\u0327ehir'),
    // A cursor that decodes to garbage, one with an impossible date, and a long one.
    Buffer.from('garbage').toString('base64url'),
    Buffer.from('2024-02-31T00:00:00.000000Z|00000000-0000-0000-0000-000000000000').toString('base64url'),
    Buffer.from('0001-01-01T00:00:00.000Z|not-a-uuid').toString('base64url'),
    'x'.repeat(6000),
    wtf8PercentEncode(randomText(random)),
  ];
}

/**
 * Percent-encodes every UTF-16 unit as UTF-8 would, lone surrogates included (as the 3-byte
 * sequence a careless encoder writes, which is not valid UTF-8): encodeURIComponent throws on those.
 */
export function wtf8PercentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    let code = unit;
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      i += 1;
    }
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** Hostile raw path-segment values. */
export function hostilePathValues(random: () => number): string[] {
  return [
    'abc',
    '0',
    '-1',
    '1e309',
    'null',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '%00',
    'a%00',
    '%ED%A0%80',
    '%FF',
    '%',
    '..%2F..%2Fetc',
    encodeURIComponent('مرحبا👩🏽‍💻'),
    encodeURIComponent('İstanbul'),
    'a'.repeat(4000),
    wtf8PercentEncode(randomText(random, 20)),
  ];
}

/** Malformed or mistyped raw bodies, with the content type each is sent as. */
export const RAW_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"a":' },
  { type: 'application/json', body: '[1,2' },
  { type: 'application/json', body: 'nul' },
  { type: 'application/json', body: '"just a string"' },
  { type: 'application/json', body: '42' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '[{"content":"x"}]' },
  { type: 'application/json', body: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', body: '[' .repeat(5000) + ']'.repeat(5000) },
  { type: 'application/json', body: '{"a":"\\ud800"}' },
  { type: 'application/json', body: '\uFEFF{}' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'text/plain', body: 'merhaba' },
  { type: 'application/x-www-form-urlencoded', body: 'a[b][c][d][e][f][g]=1&a[]=2&content=%00' },
  { type: 'application/octet-stream', body: '\u0000\u0001' },
];

function base64url(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

function hs256(secret: string, header: object, payload: object): string {
  const head = `${base64url(header)}.${base64url(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/**
 * Authorization headers that must never get in (nor cause a 5xx): unsigned, signed with another
 * key, expired, without an expiry, with a subject that is no id, and not a JWT at all.
 * `userId`/`version` are a real account's, so only the forgery itself is wrong.
 */
export function forgedAuthorizations(secret: string, userId: string, version: number): Record<string, string> {
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, ver: version, iat: now, exp: now + 3600 };
  return {
    'alg none': `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`,
    'alg None, signed': `Bearer ${hs256(secret, { alg: 'None', typ: 'JWT' }, claims)}`,
    'wrong key': `Bearer ${hs256('not-the-secret-'.padEnd(48, 'y'), { alg: 'HS256', typ: 'JWT' }, claims)}`,
    'HS512 with the key': `Bearer ${(() => {
      const head = `${base64url({ alg: 'HS512', typ: 'JWT' })}.${base64url(claims)}`;
      return `${head}.${createHmac('sha512', secret).update(head).digest('base64url')}`;
    })()}`,
    expired: `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 3600 })}`,
    'no exp': `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { sub: userId, ver: version, iat: now })}`,
    'sub not an id': `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, sub: "x' OR 1=1 --" })}`,
    'sub broken text': `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, sub: 'a\uD800\u0000' })}`,
    'sub an object': `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, sub: { id: userId } })}`,
    'ver a string': `Bearer ${hs256(secret, { alg: 'HS256', typ: 'JWT' }, { ...claims, ver: 'x' })}`,
    'three dots': 'Bearer a.b.c',
    'huge token': `Bearer ${'x'.repeat(8000)}`,
    'not bearer': 'Basic Zm9vOmJhcg==',
    'bearer only': 'Bearer ',
  };
}

/**
 * English that Nest, Express, body-parser, passport or PostgreSQL would put in an error; a
 * Turkish message contains none of these words.
 */
const ENGLISH = /\b(the|is|are|must|should|cannot|can't|not|found|unauthorized|forbidden|bad request|internal|unexpected|invalid|error|failed|payload|entity|resource|property|validation|exist|malformed|token|server|too|large|request)\b/i;

/** Why `body` is not a proper error answer for `status`, or undefined when it is. */
export function errorBodyProblem(status: number, body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'message,statusCode') return `keys ${keys}`;
  const { message, statusCode } = body as { message: unknown; statusCode: unknown };
  if (statusCode !== status) return `statusCode ${String(statusCode)}`;
  if (typeof message !== 'string' || !message.trim()) return 'empty message';
  if (ENGLISH.test(message)) return `English message: ${message}`;
  if (!/[a-zçğıöşü]/i.test(message)) return `no words: ${message}`;
  return undefined;
}

import { stdSerializers } from 'pino';

/**
 * What never reaches a log line: pino's `redact` paths for the fields of logged objects, and a
 * scrubber for the secrets that hide inside strings (messages, URLs, error stacks).
 */

/** What a hidden value is replaced with. */
export const CENSOR = '[gizlendi]';

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'refreshToken', 'resetToken', 'authorization', 'cookie'];

/**
 * pino's `redact` paths: request/response headers, and the secret keys at the top level of a
 * logged object or up to two levels down (pino's redaction has no "any depth" wildcard).
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

/** Query parameters whose values are secrets: one-time tokens, JWTs (Socket.IO's `?token=`), passwords. */
const SECRET_PARAM = /^(token|access_token|refresh_token|refreshtoken|resettoken|password|jwt|secret|signature|code)$/i;

/**
 * The URL as logged: the path, and each query parameter with its value unless the parameter is
 * a secret (see SECRET_PARAM). A URL that cannot be parsed keeps only its path.
 */
export function safeUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const path = url.slice(0, question);
  try {
    const params = new URLSearchParams(url.slice(question + 1));
    const kept: string[] = [];
    for (const [key, value] of params) {
      kept.push(`${encodeURIComponent(key)}=${SECRET_PARAM.test(key) ? CENSOR : encodeURIComponent(value)}`);
    }
    return kept.length ? `${path}?${kept.join('&')}` : path;
  } catch {
    return path;
  }
}

const SCRUBBERS: [RegExp, string][] = [
  // The password of a connection URL (DATABASE_URL, REDIS_URL, SMTP_URL): scheme://user:secret@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*:)[^\s@/]*@/gi, `$1${CENSOR}@`],
  // An Authorization header's credentials.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/g, `$1 ${CENSOR}`],
  // A JWT anywhere (three base64url parts, the first one a JSON object: `eyJ…`).
  [/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, CENSOR],
];

/** Replaces connection-URL passwords, Authorization credentials and JWTs inside free text. */
export function scrubSecrets(text: string): string {
  let result = text;
  for (const [pattern, replacement] of SCRUBBERS) result = result.replace(pattern, replacement);
  return result;
}

/** pino's error serializer, with connection-URL passwords and JWTs scrubbed from message and stack. */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  const serialized = stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = scrubSecrets(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = scrubSecrets(serialized.stack);
  return serialized;
}

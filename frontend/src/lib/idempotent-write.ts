// Writes that may safely be sent again: a post or a message with its Idempotency-Key (the server
// answers the first result to a repeat), and likes, reposts and follows as PUT/DELETE (a repeat
// sets the same state). Only these mutations retry by themselves, and only when the service
// could not be reached (no answer, a gateway error, a 503 with Retry-After: a node restarting,
// draining or without its database), never after an answer about the request itself.
import type { QueryClient } from '@tanstack/react-query';
import { isUnavailable } from './api-client';

/** Every such mutation's key starts with this; the app's QueryClient gives them the retry policy. */
export const WRITE_MUTATION_KEY = ['write'] as const;

/** Attempts after the first: a drain or a restart is over within a few seconds. */
export const WRITE_RETRIES = 2;

/**
 * A fresh key for one compose or send attempt. `crypto.randomUUID` exists only in secure
 * contexts (https, localhost); over plain http on a LAN the key is built from getRandomValues,
 * which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const keys = new WeakMap<object, string>();

/**
 * The key of one attempt. React Query hands a retry the same variables object, so its retries
 * reuse the key (and cannot create a second post); the next submit passes a new object and gets
 * a new key.
 */
export function idempotencyKeyFor(variables: object): string {
  let key = keys.get(variables);
  if (!key) {
    key = newIdempotencyKey();
    keys.set(variables, key);
  }
  return key;
}

/** The service was unreachable (see isUnavailable): the same request may succeed in a moment. */
export function shouldRetryWrite(failureCount: number, error: unknown): boolean {
  return failureCount < WRITE_RETRIES && isUnavailable(error);
}

export function writeRetryDelay(attempt: number): number {
  return Math.min(4_000, 500 * 2 ** attempt);
}

/** Gives every WRITE_MUTATION_KEY mutation the retry policy (app/providers.tsx). */
export function installWriteRetries(client: QueryClient): QueryClient {
  client.setMutationDefaults(WRITE_MUTATION_KEY, { retry: shouldRetryWrite, retryDelay: writeRetryDelay });
  return client;
}

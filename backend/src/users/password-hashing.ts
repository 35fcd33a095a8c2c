import { availableParallelism } from 'node:os';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { Semaphore } from '../common/concurrency/semaphore';

/**
 * Argon2id with OWASP's minimum (19 MiB of memory, 2 passes, 1 lane), written out rather than
 * left to the library's defaults, so an upgrade of @node-rs/argon2 cannot silently change the
 * cost. A stored hash carries its own parameters (`$argon2id$v=19$m=…,t=…,p=…`), so hashes made
 * with other parameters keep verifying.
 */
export const ARGON2_OPTIONS = {
  // Algorithm is a const enum, which isolated modules cannot read: 2 is Algorithm.Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * How many hashes run at once: one core is left to the event loop and the database.
 *
 * @node-rs/argon2's async API runs on libuv's thread pool, off the event loop. That pool has 4
 * threads by default and also serves file and DNS work, and each hash is tens of milliseconds of
 * pure CPU: a burst of logins occupied every core, and the signed-in timeline next to 32
 * logging-in clients fell to a tenth of its rate with a p99 over a second (2 cores). Hashing
 * waits here instead; with one core kept free the same timeline kept half its rate and a p99
 * under 200 ms, for a third fewer logins per second during the burst.
 */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);
const hashing = new Semaphore(HASHING_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a malformed stored hash. */
export function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return hashing.run(() => verify(storedHash, password)).catch(() => false);
}

/** How many hash or verify operations run or wait right now (for tests). */
export function passwordHashingLoad(): { running: number; waiting: number } {
  return hashing.load;
}

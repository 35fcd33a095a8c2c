/**
 * The seeding CLI's scales and the SQL expressions both of its modes share, as strings, so a
 * test can run exactly what the CLI runs (this module imports nothing).
 */

export interface ScaleCounts {
  users: number;
  posts: number;
  likes: number;
  reposts: number;
  follows: number;
  messages: number;
}

const DEFAULT_SCALE: ScaleCounts = {
  users: 100_000,
  posts: 1_000_000,
  likes: 3_000_000,
  reposts: 300_000,
  follows: 1_000_000,
  messages: 200_000,
};
const divided = (by: number): ScaleCounts => Object.fromEntries(Object.entries(DEFAULT_SCALE).map(([k, v]) => [k, v / by])) as unknown as ScaleCounts;

/** `--scale`: the benchmark's default, 1/100 (`small`) and 1/1000 (`tiny`, for tests). */
export const SCALES = { default: DEFAULT_SCALE, small: divided(100), tiny: divided(1000) } as const;
export type ScaleName = keyof typeof SCALES;

/**
 * The username of seed account `n` (an integer column named `n`): `seed_00001` … `seed_99999`,
 * then `seed_100000`. Padding to at least five digits keeps the documented names, and never
 * cutting a longer number keeps names unique past 99,999 (`lpad(n, 5)` truncates 100000 to
 * `10000`). At most 5 + 10 characters, within the register rules (3–30 of `[A-Za-z0-9_]`).
 */
export const SEED_USERNAME_SQL = `'seed_' || lpad(n::text, greatest(5, length(n::text)), '0')`;

/** Every seed account's e-mail domain; `seed_admin@…` and `seed_moderator@…` included. */
export const SEED_EMAIL_DOMAIN = 'seed.gundem.local';

/**
 * Kinds of deterministic ids of bulk mode. Each id is a valid version-4 UUID whose first four
 * bytes are the row's number, so rows are inserted in primary-key order (appends to the right
 * edge of the B-tree) and a reference is computed from a number without a join.
 */
export const ID_KIND = { user: 1, post: 2, message: 3, staff: 9 } as const;

/** The SQL uuid of row number `n` (an integer SQL expression) of a kind. */
export function seedIdSql(kind: number, n: string): string {
  return `(lpad(to_hex(${n}), 8, '0') || '-5eed-4000-800${kind}-000000000000')::uuid`;
}

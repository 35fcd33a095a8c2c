// The settings' shape, ranges and defaults are the wire contract's (docs/wire-contract.md#settings):
// the admin form and this server check the same ranges.
export { DEFAULT_SETTINGS, SETTINGS_LIMITS, type SiteSettings } from '@gundem/contract';

/**
 * How long a node serves its cached copy of the row. A save refreshes the copy of the node that
 * handled it at once; every other node sees the change within this time.
 */
export const SETTINGS_CACHE_TTL_MS = 3_000;

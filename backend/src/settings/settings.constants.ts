/** SPEC.md "Admin settings" with their defaults and the ranges the admin form allows (section 9). */
export interface SiteSettings {
  siteName: string;
  registrationEnabled: boolean;
  emailVerificationRequired: boolean;
  maintenanceMode: boolean;
  maxTweetLength: number;
  allowedFileTypes: string[];
  /** Bytes. */
  maxFileSize: number;
  rateLimit: { windowMs: number; maxRequests: number };
}

const MB = 1024 * 1024;
const MINUTE = 60 * 1000;

export const SETTINGS_LIMITS = {
  maxTweetLength: { min: 1, max: 500 },
  maxFileSize: { min: 1 * MB, max: 50 * MB },
  windowMs: { min: 1 * MINUTE, max: 60 * MINUTE },
  maxRequests: { min: 10, max: 1000 },
  allowedFileTypes: { maxItems: 50 },
} as const;

/** The values the migration inserts; also served if the row ever went missing. */
export const DEFAULT_SETTINGS: Readonly<SiteSettings> = Object.freeze({
  siteName: 'gündem',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: 280,
  allowedFileTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxFileSize: 5 * MB,
  rateLimit: { windowMs: 15 * MINUTE, maxRequests: 100 },
});

/**
 * How long a node serves its cached copy of the row. A save refreshes the copy of the node that
 * handled it at once; every other node sees the change within this time.
 */
export const SETTINGS_CACHE_TTL_MS = 3_000;

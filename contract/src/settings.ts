import { POST_DEFAULT_MAX_LENGTH, POST_MAX_LENGTH_RANGE } from './limits.js';

/** The admin settings, under their wire names. */
export interface SiteSettings {
  siteName: string;
  registrationEnabled: boolean;
  emailVerificationRequired: boolean;
  maintenanceMode: boolean;
  /** A post's maximum length in characters. */
  maxTweetLength: number;
  allowedFileTypes: string[];
  /** Bytes. */
  maxFileSize: number;
  rateLimit: { windowMs: number; maxRequests: number };
}

const MB = 1024 * 1024;
const MINUTE = 60 * 1000;

/** The ranges the server accepts and the admin form shows. */
export const SETTINGS_LIMITS = {
  maxTweetLength: POST_MAX_LENGTH_RANGE,
  maxFileSize: { min: 1 * MB, max: 50 * MB },
  windowMs: { min: 1 * MINUTE, max: 60 * MINUTE },
  maxRequests: { min: 10, max: 1000 },
  allowedFileTypes: { maxItems: 50 },
} as const;

/** A new site's settings (what the migration inserts). */
export const DEFAULT_SETTINGS: Readonly<SiteSettings> = Object.freeze({
  siteName: 'gündem',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: POST_DEFAULT_MAX_LENGTH,
  allowedFileTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxFileSize: 5 * MB,
  rateLimit: { windowMs: 15 * MINUTE, maxRequests: 100 },
});

/** GET /api/admin/settings */
export interface SettingsResponse {
  settings: SiteSettings;
}

/** PATCH /api/admin/settings: absent fields keep their value. */
export type SettingsPatch = Partial<Omit<SiteSettings, 'rateLimit'>> & { rateLimit?: Partial<SiteSettings['rateLimit']> };

export interface SettingsSavedResponse {
  message: string;
  settings: SiteSettings;
}

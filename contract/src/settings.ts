import { POST_DEFAULT_MAX_LENGTH, POST_MAX_LENGTH_RANGE } from './limits.js';

/** `open`: anyone registers; `approval`: the account signs in once staff approve it; `closed`: registration answers 403. */
export const REGISTRATION_MODES = ['open', 'approval', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The admin settings, under their wire names. */
export interface SiteSettings {
  siteName: string;
  registrationMode: RegistrationMode;
  /** Read-only in answers: `registrationMode !== 'closed'`. A PATCH may still send it: false closes, true opens a closed site (an approval site stays so). */
  registrationEnabled: boolean;
  emailVerificationRequired: boolean;
  maintenanceMode: boolean;
  /** A post's maximum length in characters. */
  maxTweetLength: number;
  allowedFileTypes: string[];
  /**
   * E-mail domains registration refuses, each with all its subdomains (`ornek.com` also refuses
   * `posta.ornek.com`); lowercase ASCII (an internationalised name in punycode), sorted.
   */
  blockedEmailDomains: string[];
  /** Bytes: the largest upload (`POST /api/media` answers 413 above it). */
  maxFileSize: number;
  /** Pictures one post may carry (`mediaIds`). */
  maxImagesPerPost: number;
  /** Pixels (width × height, all frames of an animation) an upload may decode to; more is refused (422) before it is decoded. */
  maxImagePixels: number;
  /** Uploads one member may make per hour (429 beyond). */
  mediaUploadsPerHour: number;
  rateLimit: { windowMs: number; maxRequests: number };
}

const MB = 1024 * 1024;
const MINUTE = 60 * 1000;

/** The ranges the server accepts and the admin form shows. */
export const SETTINGS_LIMITS = {
  maxTweetLength: POST_MAX_LENGTH_RANGE,
  maxFileSize: { min: 1 * MB, max: 50 * MB },
  maxImagesPerPost: { min: 1, max: 10 },
  maxImagePixels: { min: 1_000_000, max: 100_000_000 },
  mediaUploadsPerHour: { min: 1, max: 1000 },
  windowMs: { min: 1 * MINUTE, max: 60 * MINUTE },
  maxRequests: { min: 10, max: 1000 },
  allowedFileTypes: { maxItems: 50 },
  blockedEmailDomains: { maxItems: 1000 },
} as const;

/** A new site's settings (what the migration inserts). */
export const DEFAULT_SETTINGS: Readonly<SiteSettings> = Object.freeze({
  siteName: 'gündem',
  registrationMode: 'open',
  registrationEnabled: true,
  emailVerificationRequired: false,
  maintenanceMode: false,
  maxTweetLength: POST_DEFAULT_MAX_LENGTH,
  allowedFileTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  blockedEmailDomains: [],
  maxFileSize: 5 * MB,
  maxImagesPerPost: 4,
  maxImagePixels: 40_000_000,
  mediaUploadsPerHour: 60,
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

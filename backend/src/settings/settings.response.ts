import type { SiteSettings } from './settings.constants';
import type { Settings } from './settings.entity';

/** The row as the API (and every consumer in the app) sees it: the field names of docs/wire-contract.md#settings, nothing more. */
export function toSiteSettings(row: Settings): SiteSettings {
  return {
    siteName: row.siteName,
    registrationMode: row.registrationMode,
    registrationEnabled: row.registrationMode !== 'closed',
    emailVerificationRequired: row.emailVerificationRequired,
    maintenanceMode: row.maintenanceMode,
    maxTweetLength: row.maxPostLength,
    allowedFileTypes: [...row.allowedFileTypes],
    blockedEmailDomains: [...row.blockedEmailDomains],
    maxFileSize: row.maxFileSize,
    maxImagesPerPost: row.maxImagesPerPost,
    maxImagePixels: row.maxImagePixels,
    mediaUploadsPerHour: row.mediaUploadsPerHour,
    rateLimit: { windowMs: row.rateLimitWindowMs, maxRequests: row.rateLimitMaxRequests },
  };
}

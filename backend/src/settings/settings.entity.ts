import type { RegistrationMode } from '@gundem/contract';
import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The one row of system settings (id is always 1; a CHECK in the migration refuses any other).
 * Read through SettingsService, which caches it; the API shape is in settings.response.ts.
 */
@Entity('settings')
export class Settings {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id: number;

  /** Read-only: shown in the admin form, never changed through the API. */
  @Column({ name: 'site_name', type: 'varchar', length: 50 })
  siteName: string;

  @Column({ name: 'registration_mode', type: 'varchar', length: 10 })
  registrationMode: RegistrationMode;

  @Column({ name: 'email_verification_required', type: 'boolean' })
  emailVerificationRequired: boolean;

  @Column({ name: 'maintenance_mode', type: 'boolean' })
  maintenanceMode: boolean;

  /** The wire's (and the column's) `maxTweetLength`: named in toSiteSettings and SettingsService.update only. */
  @Column({ name: 'max_tweet_length', type: 'integer' })
  maxPostLength: number;

  @Column({ name: 'allowed_file_types', type: 'text', array: true })
  allowedFileTypes: string[];

  /** Normalised (blocked-domains.ts), sorted. */
  @Column({ name: 'blocked_email_domains', type: 'text', array: true })
  blockedEmailDomains: string[];

  /** Bytes. */
  @Column({ name: 'max_file_size', type: 'integer' })
  maxFileSize: number;

  @Column({ name: 'max_images_per_post', type: 'smallint' })
  maxImagesPerPost: number;

  @Column({ name: 'max_image_pixels', type: 'integer' })
  maxImagePixels: number;

  @Column({ name: 'media_uploads_per_hour', type: 'integer' })
  mediaUploadsPerHour: number;

  @Column({ name: 'rate_limit_window_ms', type: 'integer' })
  rateLimitWindowMs: number;

  @Column({ name: 'rate_limit_max_requests', type: 'integer' })
  rateLimitMaxRequests: number;

  /** The admin who saved last (null before the first save or once that account is gone). */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy: string | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { DEFAULT_SETTINGS } from './settings.constants';
import { Settings } from './settings.entity';

/** The settings table has one row, with this id (the migration inserts it). */
const ROW_ID = 1;

/** The statements on the one `settings` row (docs/architecture.md#rules). */
@Injectable()
export class SettingsRepository {
  constructor(@InjectRepository(Settings) private readonly rows: Repository<Settings>) {}

  find(): Promise<Settings | null> {
    return this.rows.findOneBy({ id: ROW_ID });
  }

  async update(changes: Partial<Settings>): Promise<void> {
    await this.rows.update({ id: ROW_ID }, changes);
  }

  /** Writes the row with the defaults unless it exists (a concurrent insert wins quietly), then reads it. */
  async insertDefaults(): Promise<Settings> {
    await this.rows
      .createQueryBuilder()
      .insert()
      .values({
        id: ROW_ID,
        siteName: DEFAULT_SETTINGS.siteName,
        registrationEnabled: DEFAULT_SETTINGS.registrationEnabled,
        emailVerificationRequired: DEFAULT_SETTINGS.emailVerificationRequired,
        maintenanceMode: DEFAULT_SETTINGS.maintenanceMode,
        maxPostLength: DEFAULT_SETTINGS.maxTweetLength,
        allowedFileTypes: [...DEFAULT_SETTINGS.allowedFileTypes],
        maxFileSize: DEFAULT_SETTINGS.maxFileSize,
        maxImagesPerPost: DEFAULT_SETTINGS.maxImagesPerPost,
        maxImagePixels: DEFAULT_SETTINGS.maxImagePixels,
        mediaUploadsPerHour: DEFAULT_SETTINGS.mediaUploadsPerHour,
        rateLimitWindowMs: DEFAULT_SETTINGS.rateLimit.windowMs,
        rateLimitMaxRequests: DEFAULT_SETTINGS.rateLimit.maxRequests,
      })
      .orIgnore()
      .execute();
    return this.rows.findOneByOrFail({ id: ROW_ID });
  }
}

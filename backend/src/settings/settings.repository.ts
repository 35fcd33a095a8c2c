import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
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

  /** The row locked for a save on `em`'s transaction (null if it was deleted). */
  findForUpdate(em: EntityManager): Promise<Settings | null> {
    return em.getRepository(Settings).findOne({ where: { id: ROW_ID }, lock: { mode: 'pessimistic_write' } });
  }

  /** Saves `changes` on `em`'s transaction and reads the row back. */
  async update(em: EntityManager, changes: Partial<Settings>): Promise<Settings> {
    await em.getRepository(Settings).update({ id: ROW_ID }, changes);
    return em.getRepository(Settings).findOneByOrFail({ id: ROW_ID });
  }

  /** Writes the row with the defaults unless it exists (a concurrent insert wins quietly), then reads it. */
  async insertDefaults(): Promise<Settings> {
    await this.rows
      .createQueryBuilder()
      .insert()
      .values({
        id: ROW_ID,
        siteName: DEFAULT_SETTINGS.siteName,
        registrationMode: DEFAULT_SETTINGS.registrationMode,
        emailVerificationRequired: DEFAULT_SETTINGS.emailVerificationRequired,
        maintenanceMode: DEFAULT_SETTINGS.maintenanceMode,
        maxPostLength: DEFAULT_SETTINGS.maxTweetLength,
        allowedFileTypes: [...DEFAULT_SETTINGS.allowedFileTypes],
        blockedEmailDomains: [...DEFAULT_SETTINGS.blockedEmailDomains],
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

import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type { User } from '../users/user.entity';
import { SETTINGS_CACHE_TTL_MS, type SiteSettings } from './settings.constants';
import type { Settings } from './settings.entity';
import { SettingsRepository } from './settings.repository';
import { toSiteSettings } from './settings.response';
import type { UpdateSettingsDto } from './dto/update-settings.dto';
import { SITE_NAME_READ_ONLY } from './settings.texts';

/** The cached copy is shared by every request: frozen, so no caller can change it for the others. */
function freeze(settings: SiteSettings): SiteSettings {
  Object.freeze(settings.allowedFileTypes);
  Object.freeze(settings.rateLimit);
  return Object.freeze(settings);
}

/**
 * The system settings row, read by the guards (maintenance, rate limit), auth (registration,
 * e-mail verification) and posts (length limit) on many requests. Each node caches the row for
 * SETTINGS_CACHE_TTL_MS: a save refreshes this node's copy at once, other nodes pick it up
 * within the TTL. If the database cannot be read, the last known copy keeps being served.
 */
@Injectable()
export class SettingsService {
  private readonly logger = new Logger('Settings');
  private cached?: { value: SiteSettings; expiresAt: number };
  private loading?: Promise<SiteSettings>;
  /** Bumped by every save, so a read that started before it cannot cache the old row after it. */
  private generation = 0;

  constructor(private readonly rows: SettingsRepository) {}

  /** The current settings (frozen). */
  async get(): Promise<SiteSettings> {
    if (this.cached && this.cached.expiresAt > Date.now()) return this.cached.value;
    // Concurrent requests at expiry share one query.
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Forgets this node's copy (e.g. after the row was changed by hand or by a test). */
  invalidate(): void {
    this.generation += 1;
    this.cached = undefined;
  }

  /** Applies the fields present in `dto`; `siteName` may only be sent unchanged. */
  async update(dto: UpdateSettingsDto, admin: Pick<User, 'id'>): Promise<SiteSettings> {
    const current = await this.readRow();
    if (dto.siteName !== undefined && dto.siteName !== current.siteName) throw new BadRequestException(SITE_NAME_READ_ONLY);
    const changes: Partial<Settings> = {
      registrationEnabled: dto.registrationEnabled,
      emailVerificationRequired: dto.emailVerificationRequired,
      maintenanceMode: dto.maintenanceMode,
      maxPostLength: dto.maxTweetLength,
      allowedFileTypes: dto.allowedFileTypes,
      maxFileSize: dto.maxFileSize,
      maxImagesPerPost: dto.maxImagesPerPost,
      maxImagePixels: dto.maxImagePixels,
      mediaUploadsPerHour: dto.mediaUploadsPerHour,
      rateLimitWindowMs: dto.rateLimit?.windowMs,
      rateLimitMaxRequests: dto.rateLimit?.maxRequests,
    };
    for (const key of Object.keys(changes) as (keyof Settings)[]) if (changes[key] === undefined) delete changes[key];
    await this.rows.update({ ...changes, updatedBy: admin.id });
    const value = freeze(toSiteSettings(await this.readRow()));
    // A read that started before the save must not cache the old row over this one.
    this.generation += 1;
    this.cached = { value, expiresAt: Date.now() + SETTINGS_CACHE_TTL_MS };
    return value;
  }

  private async load(): Promise<SiteSettings> {
    const generation = this.generation;
    let value: SiteSettings;
    try {
      value = freeze(toSiteSettings(await this.readRow()));
    } catch (error) {
      if (!this.cached) throw error;
      this.logger.warn(`Ayarlar okunamadı, son bilinen değerler kullanılıyor: ${error instanceof Error ? error.message : String(error)}`);
      value = this.cached.value;
    }
    if (generation === this.generation) this.cached = { value, expiresAt: Date.now() + SETTINGS_CACHE_TTL_MS };
    return value;
  }

  /** The row; recreated with the defaults if it was ever deleted (the migration inserts it). */
  private async readRow(): Promise<Settings> {
    const row = await this.rows.find();
    if (row) return row;
    this.logger.warn('Ayar satırı yoktu; varsayılan değerlerle yeniden oluşturuluyor.');
    return this.rows.insertDefaults();
  }
}

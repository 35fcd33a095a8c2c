import type { RegistrationMode } from '@gundem/contract';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditLogWriter } from '../audit/audit-log.writer';
import type { User } from '../users/user.entity';
import { SETTINGS_CACHE_TTL_MS, type SiteSettings } from './settings.constants';
import type { Settings } from './settings.entity';
import { SettingsRepository } from './settings.repository';
import { toSiteSettings } from './settings.response';
import type { UpdateSettingsDto } from './dto/update-settings.dto';
import { BLOCKED_DOMAIN_INVALID, SITE_NAME_READ_ONLY } from './settings.texts';
import { normaliseBlockedDomain } from './blocked-domains';

/** The settings' label in the audit log (docs/wire-contract.md#audit-log). */
export const SETTINGS_AUDIT_LABEL = 'Sistem ayarları';

/** The fields whose value differs, as [before, after] by wire name (nested rateLimit compared whole). */
function changedFields(before: SiteSettings, after: SiteSettings): [Record<string, unknown>, Record<string, unknown>] {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof SiteSettings)[]) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return [was, now];
}

/** The older boolean as a mode: false closes, true opens a closed site and keeps an approval one. */
function registrationModeOf(enabled: boolean | undefined, current: RegistrationMode): RegistrationMode | undefined {
  if (enabled === undefined) return undefined;
  if (!enabled) return 'closed';
  return current === 'closed' ? 'open' : current;
}

/** The blocklist as stored: each entry normalised (a bad one is a 400 naming it), repeats dropped, sorted. */
function blockedDomainsOf(entries: string[]): string[] {
  const domains = new Set<string>();
  for (const entry of entries) {
    const domain = normaliseBlockedDomain(entry);
    if (!domain) throw new BadRequestException(BLOCKED_DOMAIN_INVALID(entry));
    domains.add(domain);
  }
  return [...domains].sort();
}

/** The cached copy is shared by every request: frozen, so no caller can change it for the others. */
function freeze(settings: SiteSettings): SiteSettings {
  Object.freeze(settings.allowedFileTypes);
  Object.freeze(settings.blockedEmailDomains);
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

  constructor(
    private readonly rows: SettingsRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditLogWriter,
  ) {}

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

  /**
   * Applies the fields present in `dto`; `siteName` may only be sent unchanged. The row is locked,
   * changed and logged (the fields whose value changed, by wire name, before and after) in one
   * transaction, so two saves at once each log what they really replaced.
   */
  async update(dto: UpdateSettingsDto, admin: Pick<User, 'id'>): Promise<SiteSettings> {
    // Recreates the row if it was ever deleted, before the transaction locks it.
    await this.readRow();
    const saved = await this.dataSource.transaction(async (em) => {
      const current = await this.rows.findForUpdate(em);
      if (!current) throw new Error('settings row vanished during a save');
      if (dto.siteName !== undefined && dto.siteName !== current.siteName) throw new BadRequestException(SITE_NAME_READ_ONLY);
      const row = await this.rows.update(em, { ...this.changesOf(dto, current), updatedBy: admin.id });
      const [before, after] = changedFields(toSiteSettings(current), toSiteSettings(row));
      await this.audit.record(em, { actorId: admin.id, action: 'settings.update', targetType: 'settings', targetId: null, targetLabel: SETTINGS_AUDIT_LABEL, before, after });
      return row;
    });
    const value = freeze(toSiteSettings(saved));
    // A read that started before the save must not cache the old row over this one.
    this.generation += 1;
    this.cached = { value, expiresAt: Date.now() + SETTINGS_CACHE_TTL_MS };
    return value;
  }

  /** The entity's fields that `dto` names (absent ones left out, so the UPDATE keeps them). */
  private changesOf(dto: UpdateSettingsDto, current: Settings): Partial<Settings> {
    const changes: Partial<Settings> = {
      registrationMode: dto.registrationMode ?? registrationModeOf(dto.registrationEnabled, current.registrationMode),
      emailVerificationRequired: dto.emailVerificationRequired,
      maintenanceMode: dto.maintenanceMode,
      maxPostLength: dto.maxTweetLength,
      allowedFileTypes: dto.allowedFileTypes,
      blockedEmailDomains: dto.blockedEmailDomains && blockedDomainsOf(dto.blockedEmailDomains),
      maxFileSize: dto.maxFileSize,
      maxImagesPerPost: dto.maxImagesPerPost,
      maxImagePixels: dto.maxImagePixels,
      mediaUploadsPerHour: dto.mediaUploadsPerHour,
      rateLimitWindowMs: dto.rateLimit?.windowMs,
      rateLimitMaxRequests: dto.rateLimit?.maxRequests,
    };
    for (const key of Object.keys(changes) as (keyof Settings)[]) if (changes[key] === undefined) delete changes[key];
    return changes;
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

import type { PreferencesPatch } from '@gundem/contract';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { pgPool, poolRows, type Queryable, rowsOn } from '../database/query-rows';
import type { PreferencesRow } from './preferences-input';

const COLUMNS = 'preferences, protected, allow_messages, discoverable, public_profile';

/**
 * The settings object's SQL: the privacy switches are users columns (the read paths filter on
 * them), the display and notification choices the users.preferences jsonb (merged over the
 * defaults when read, so `{}` is "every default").
 */
@Injectable()
export class PreferencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(userId: string): Promise<PreferencesRow | undefined> {
    const [row] = await poolRows<PreferencesRow>(this.dataSource, {
      name: 'preferences_read',
      text: `SELECT ${COLUMNS} FROM users WHERE id = $1`,
      values: [userId],
    });
    return row;
  }

  /**
   * Applies `patch` in one transaction: `protectedTweets` through `writeProtected` (its own
   * statement, on the same client), everything else in one UPDATE; answers the row as committed.
   * The jsonb sections are merged key by key (`||`), so a PUT of one switch keeps the others, and
   * top-level keys this piece does not know are kept.
   */
  async update(
    userId: string,
    patch: PreferencesPatch,
    writeProtected: (db: Queryable, userId: string, on: boolean) => Promise<void>,
  ): Promise<PreferencesRow | undefined> {
    const client = await pgPool(this.dataSource).connect();
    try {
      await client.query('BEGIN');
      const privacy = patch.privacy ?? {};
      if (privacy.protectedTweets !== undefined) await writeProtected(client, userId, privacy.protectedTweets);
      const [row] = await rowsOn<PreferencesRow>(client, {
        name: 'preferences_update',
        text: `UPDATE users SET
                 preferences = preferences || jsonb_build_object(
                   'notifications', coalesce(preferences -> 'notifications', '{}'::jsonb) || $2::jsonb,
                   'display', coalesce(preferences -> 'display', '{}'::jsonb) || $3::jsonb),
                 allow_messages = coalesce($4, allow_messages),
                 discoverable = coalesce($5, discoverable),
                 public_profile = coalesce($6, public_profile)
               WHERE id = $1
               RETURNING ${COLUMNS}`,
        values: [
          userId,
          JSON.stringify(patch.notifications ?? {}),
          JSON.stringify(patch.display ?? {}),
          privacy.allowMessages ?? null,
          privacy.discoverable ?? null,
          privacy.publicProfile ?? null,
        ],
      });
      await client.query('COMMIT');
      return row;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

import type { Preferences, PreferencesPatch } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { Queryable } from '../database/query-rows';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { USER_NOT_FOUND } from '../common/common.texts';
import { toPreferences } from './preferences-input';
import { PreferencesRepository } from './preferences.repository';

/**
 * The settings object kept with the account (docs/wire-contract.md#preferences): read whole,
 * written as a deep partial, and pushed to the member's other tabs as `preferences:updated`.
 */
@Injectable()
export class PreferencesService {
  constructor(
    private readonly repository: PreferencesRepository,
    private readonly realtime: RealtimeEvents,
  ) {}

  async get(userId: string): Promise<Preferences> {
    const row = await this.repository.read(userId);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    return toPreferences(row);
  }

  /** `exceptSocketId`: the saving tab, which has the answer already. */
  async update(userId: string, patch: PreferencesPatch, exceptSocketId?: string): Promise<Preferences> {
    const row = await this.repository.update(userId, patch, (db, id, on) => this.writeProtected(db, id, on));
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    const preferences = toPreferences(row);
    this.realtime.preferencesUpdated(userId, preferences, exceptSocketId);
    return preferences;
  }

  /**
   * `Gönderilerimi koru` on or off: the one place the column is written from the settings object.
   * Runs inside the save's transaction (`db`). Follow requests (approving the pending ones when
   * turned off) belong to the follows' own `setProtected`, which takes this method's place.
   */
  private async writeProtected(db: Queryable, userId: string, on: boolean): Promise<void> {
    await this.repository.setProtectedColumn(db, userId, on);
  }
}

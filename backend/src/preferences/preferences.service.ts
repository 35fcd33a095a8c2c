import type { PreferencesAnswer, PreferencesPatch } from '@gundem/contract';
import { Injectable, NotFoundException } from '@nestjs/common';
import { RealtimeEvents } from '../realtime/realtime-events.service';
import { FollowRequestsService } from '../social/follow-requests.service';
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
    private readonly followRequests: FollowRequestsService,
  ) {}

  async get(userId: string): Promise<PreferencesAnswer> {
    const row = await this.repository.read(userId);
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    return toPreferences(row);
  }

  /** `exceptSocketId`: the saving tab, which has the answer already. */
  async update(userId: string, patch: PreferencesPatch, exceptSocketId?: string): Promise<PreferencesAnswer> {
    let approved: string[] | undefined;
    const row = await this.repository.update(userId, patch, async (db, id, on) => {
      approved = await this.followRequests.writeProtected(db, id, on);
    });
    if (!row) throw new NotFoundException(USER_NOT_FOUND);
    // Committed: a change of `Gönderilerimi koru` tells the feeds, and each approved follower.
    const protect = patch.privacy?.protectedTweets;
    if (protect !== undefined && approved) this.followRequests.protectionChanged(userId, protect, approved);
    const preferences = toPreferences(row);
    this.realtime.preferencesUpdated(userId, preferences, exceptSocketId);
    return preferences;
  }
}

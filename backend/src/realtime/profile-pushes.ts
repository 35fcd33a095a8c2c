import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ProfileChanges } from '../users/profile-changes';
import { RealtimeEvents } from './realtime-events.service';

/**
 * The live side of the profile editor (issue 26): every committed change of a member's profile
 * (users/ and media/ publish ProfileChanges) goes out as `profile:updated` to the member's own
 * connections on every node, so their other tabs show the new name, bio, pictures without a reload.
 */
@Injectable()
export class ProfilePushes implements OnModuleInit, OnModuleDestroy {
  private unsubscribe?: () => void;

  constructor(
    private readonly changes: ProfileChanges,
    private readonly events: RealtimeEvents,
  ) {}

  onModuleInit(): void {
    this.unsubscribe = this.changes.subscribe((user) => this.events.profileUpdated(user));
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }
}

import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ActivityEvents } from '../common/activity/activity-events';
import { FollowRequestsService } from '../social/follow-requests.service';
import { RealtimeEvents } from './realtime-events.service';

/**
 * The live side of follow requests (issue 26): after a request is made, withdrawn, approved or
 * declined (ActivityEvents, published after the commit by social/), the protected member's
 * connections get `follow-requests:count` with the pending count read afresh (so events in any
 * order end on the true count), and on an approval the requester's get `follow-request:approved`.
 * It also registers the protected accounts' audiences with RealtimeEvents (pushes of new posts).
 */
@Injectable()
export class FollowRequestPushes implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  private unsubscribe?: () => void;

  constructor(
    private readonly requests: FollowRequestsService,
    private readonly events: RealtimeEvents,
    private readonly activity: ActivityEvents,
  ) {}

  onModuleInit(): void {
    this.events.useProtected((ids) => this.requests.protectedAudiences(ids));
    this.unsubscribe = this.activity.subscribe((activity) => {
      if (activity.kind !== 'follow-request') return;
      void this.push(activity.userId, activity.state === 'approved' ? activity.actorId : null);
    });
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private async push(memberId: string, approvedRequester: string | null): Promise<void> {
    try {
      const [count, username] = await Promise.all([this.requests.count(memberId), approvedRequester ? this.requests.username(memberId) : null]);
      this.events.followRequestsCount(memberId, count);
      if (approvedRequester && username) this.events.followRequestApproved(approvedRequester, { userId: memberId, username });
    } catch (error) {
      this.logger.warn(`Takip isteği bildirilemedi: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

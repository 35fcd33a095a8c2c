import { Global, Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SocialModule } from '../social/social.module';
import { UsersModule } from '../users/users.module';
import { FollowRequestPushes } from './follow-request-pushes';
import { FollowingFeedRooms } from './following-feed-rooms';
import { ProfilePushes } from './profile-pushes';
import { RealtimeEvents } from './realtime-events.service';
import { RealtimeGateway } from './realtime.gateway';

/**
 * The Socket.IO gateway and `RealtimeEvents`. Global, so any domain module can inject
 * `RealtimeEvents` without importing this one (and the metrics can read the gateway's counts). The socket adapter (in-memory or Redis) is
 * installed by `createApp` (see realtime-io.adapter.ts).
 */
@Global()
@Module({
  imports: [AuthModule, UsersModule, SocialModule],
  providers: [RealtimeEvents, RealtimeGateway, FollowingFeedRooms, FollowRequestPushes, ProfilePushes],
  exports: [RealtimeEvents, RealtimeGateway],
})
export class RealtimeModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SocialModule } from '../social/social.module';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { FollowRequestsController } from './follow-requests.controller';
import { ProfileChanges } from './profile-changes';
import { ProfileEditController } from './profile-edit.controller';
import { ProfileEditService } from './profile-edit.service';
import { ProfilesService } from './profiles.service';
import { SessionCache } from './session-cache';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), SocialModule],
  controllers: [FollowRequestsController, UsersController, ProfileEditController],
  providers: [UsersRepository, UsersService, ProfilesService, SessionCache, ProfileChanges, ProfileEditService],
  // ProfileChanges: realtime/ and posts/ listen, media/ publishes its avatar and header changes.
  exports: [UsersService, SessionCache, ProfileChanges],
})
export class UsersModule {}

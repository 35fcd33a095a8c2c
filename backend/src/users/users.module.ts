import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SocialModule } from '../social/social.module';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { FollowRequestsController } from './follow-requests.controller';
import { ProfilesService } from './profiles.service';
import { SessionCache } from './session-cache';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), SocialModule],
  controllers: [FollowRequestsController, UsersController],
  providers: [UsersRepository, UsersService, ProfilesService, SessionCache],
  exports: [UsersService, SessionCache],
})
export class UsersModule {}

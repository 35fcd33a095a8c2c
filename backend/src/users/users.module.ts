import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SocialModule } from '../social/social.module';
import { User } from './user.entity';
import { UsersController } from './users.controller';
import { ProfilesService } from './profiles.service';
import { SessionCache } from './session-cache';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [TypeOrmModule.forFeature([User]), SocialModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, ProfilesService, SessionCache],
  exports: [UsersService, SessionCache],
})
export class UsersModule {}

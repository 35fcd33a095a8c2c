import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Follow } from './follow.entity';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** The follow graph. Its HTTP routes live in users/users.controller.ts (paths under /users). */
@Module({
  imports: [TypeOrmModule.forFeature([Follow])],
  providers: [FollowsRepository, FollowsService],
  exports: [FollowsService],
})
export class SocialModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Block } from './block.entity';
import { BlocksRepository } from './blocks.repository';
import { BlocksService } from './blocks.service';
import { Follow } from './follow.entity';
import { FollowRequestsRepository } from './follow-requests.repository';
import { FollowRequestsService } from './follow-requests.service';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';
import { MutesRepository } from './mutes.repository';
import { MutesService } from './mutes.service';

/** The follow graph, blocks and mutes. Its HTTP routes live in users/users.controller.ts (paths under /users). */
@Module({
  imports: [TypeOrmModule.forFeature([Follow, Block])],
  providers: [FollowsRepository, FollowsService, FollowRequestsRepository, FollowRequestsService, BlocksRepository, BlocksService, MutesRepository, MutesService],
  exports: [FollowsService, FollowRequestsService, BlocksService, MutesService],
})
export class SocialModule {}

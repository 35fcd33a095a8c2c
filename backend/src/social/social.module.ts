import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Block } from './block.entity';
import { BlocksRepository } from './blocks.repository';
import { BlocksService } from './blocks.service';
import { Follow } from './follow.entity';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';
import { MutesRepository } from './mutes.repository';
import { MutesService } from './mutes.service';

/** The follow graph, blocks and mutes. Its HTTP routes live in users/users.controller.ts (paths under /users). */
@Module({
  imports: [TypeOrmModule.forFeature([Follow, Block])],
  providers: [FollowsRepository, FollowsService, BlocksRepository, BlocksService, MutesRepository, MutesService],
  exports: [FollowsService, BlocksService, MutesService],
})
export class SocialModule {}

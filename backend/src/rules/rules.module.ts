import { Module } from '@nestjs/common';
import { AdminRulesController, RulesController } from './rules.controller';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';

/** The server rules (docs/wire-contract.md#server-rules): the public list and the admins' editing of it. */
@Module({
  controllers: [RulesController, AdminRulesController],
  providers: [RulesRepository, RulesService],
  exports: [RulesService],
})
export class RulesModule {}

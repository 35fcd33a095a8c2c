import type { RulesResponse, RulesSavedResponse } from '@gundem/contract';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { Roles } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { UpdateRulesDto } from './dto/update-rules.dto';
import { RulesService } from './rules.service';
import { RULES_SAVED } from './rules.texts';

/** The server rules for everyone, guests too (the /kurallar page, the registration form). */
@ApiTags('rules')
@Controller('rules')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  /** In order; `position` is the rule's number (1-based). */
  @Public()
  @Get()
  async list(): Promise<RulesResponse> {
    return { rules: await this.rules.list() };
  }
}

/** Editing the rules: admins only (docs/product.md#roles), as the settings. */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/rules')
export class AdminRulesController {
  constructor(private readonly rules: RulesService) {}

  /** The whole list in its new order: kept rules carry their id, new ones none; left-out rules are deleted. */
  @Put()
  async replace(@Body() dto: UpdateRulesDto, @CurrentUser() admin: SessionUser): Promise<RulesSavedResponse> {
    return { message: RULES_SAVED, rules: await this.rules.replace(dto, admin) };
  }
}

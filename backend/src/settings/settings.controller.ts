import type { SettingsResponse, SettingsSavedResponse } from '@gundem/contract';
import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Roles } from '../users/roles';
import type { SessionUser } from '../users/session-user';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';
import { SETTINGS_SAVED } from './settings.texts';

/** System settings of the back-office: admins only (moderators do not see the settings menu). */
@ApiTags('admin')
@ApiBearerAuth()
@Roles('admin')
@Controller('admin/settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get()
  async get(): Promise<SettingsResponse> {
    return { settings: await this.settings.get() };
  }

  /** The whole settings object (a partial one changes only what it names); `siteName` is read-only. */
  @Patch()
  async update(@Body() dto: UpdateSettingsDto, @CurrentUser() admin: SessionUser): Promise<SettingsSavedResponse> {
    return { message: SETTINGS_SAVED, settings: await this.settings.update(dto, admin) };
  }
}

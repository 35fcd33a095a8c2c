import type { PreferencesAnswer } from '@gundem/contract';
import { Body, Controller, Get, Headers, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import type { SessionUser } from '../users/session-user';
import { parsePreferencesPatch } from './preferences-input';
import { PreferencesService } from './preferences.service';

/** Socket.IO ids are short URL-safe strings; anything else in the header is ignored. */
const SOCKET_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The member's own settings object (docs/wire-contract.md#preferences). */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me/preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  /** The whole settings object: the stored choices over the defaults, the privacy columns. */
  @Get()
  get(@CurrentUser() viewer: SessionUser): Promise<PreferencesAnswer> {
    return this.preferences.get(viewer.id);
  }

  /**
   * Any part of the settings object (a deep partial), checked strictly (an unknown key or a wrong
   * type is a Turkish 400 naming the field), saved atomically; answers the whole object.
   * `X-Socket-Id` (optional) names the saving tab, which then gets no `preferences:updated`.
   */
  @Put()
  @ApiBody({ schema: { type: 'object', description: 'PreferencesPatch (contract/src/preferences.ts)' } })
  update(@CurrentUser() viewer: SessionUser, @Body() body: unknown, @Headers('x-socket-id') socketId?: string): Promise<PreferencesAnswer> {
    return this.preferences.update(viewer.id, parsePreferencesPatch(body), socketId && SOCKET_ID.test(socketId) ? socketId : undefined);
  }
}

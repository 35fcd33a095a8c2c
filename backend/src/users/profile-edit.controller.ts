import type { MeResponse } from '@gundem/contract';
import { Body, Controller, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { ProfileEditService } from './profile-edit.service';
import type { SessionUser } from './session-user';

/**
 * The member's own profile fields (members only; a guest 401): PATCH with any of displayName,
 * bio, location and website answers the member as GET /api/auth/me does. The avatar and header
 * are media/'s (PUT/DELETE /api/users/me/avatar|header).
 */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users/me')
export class ProfileEditController {
  constructor(private readonly profiles: ProfileEditService) {}

  /** Trimmed, limited, the website an http(s) address (a bare domain gets https://); each refusal a Turkish 400 naming the field. */
  @Patch()
  update(@CurrentUser() user: SessionUser, @Body() body: UpdateProfileDto): Promise<MeResponse> {
    return this.profiles.update(user.id, body);
  }
}

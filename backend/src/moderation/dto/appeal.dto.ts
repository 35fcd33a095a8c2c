import { IsOptional, IsString, IsUUID } from 'class-validator';
import { ACTION_NOT_FOUND, APPEAL_LINK_INVALID, APPEAL_TEXT_REQUIRED, REPLY_INVALID } from '../moderation.texts';

/** `POST /api/moderation/notices/:id/appeal`. The length is checked in characters by the service. */
export class AppealDto {
  @IsString({ message: APPEAL_TEXT_REQUIRED })
  text!: string;
}

/** `POST /api/moderation/suspension/notices`: the suspended login's token. */
export class SuspensionTokenDto {
  @IsString({ message: APPEAL_LINK_INVALID })
  token!: string;
}

/** `POST /api/moderation/suspension/appeal`. */
export class SuspensionAppealDto extends SuspensionTokenDto {
  @IsUUID('all', { message: ACTION_NOT_FOUND })
  actionId!: string;

  @IsString({ message: APPEAL_TEXT_REQUIRED })
  text!: string;
}

/** `POST /api/admin/appeals/:id/accept|reject`: an optional answer to the member. */
export class AppealDecisionDto {
  @IsOptional()
  @IsString({ message: REPLY_INVALID })
  reply?: string;
}

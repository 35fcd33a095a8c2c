import { MENTION_SOURCES, type MentionSource } from '@gundem/contract';
import { IsIn } from 'class-validator';
import { MENTION_SOURCE_INVALID } from '../notifications.texts';

/** `PUT /api/notifications/preferences` (docs/wire-contract.md#notifications): every field, as GET answers it. */
export class NotificationPreferencesDto {
  /** `everyone` (default) or `following`: only accounts the member follows notify them of a mention. */
  @IsIn(MENTION_SOURCES, { message: MENTION_SOURCE_INVALID })
  mentionsFrom: MentionSource;
}

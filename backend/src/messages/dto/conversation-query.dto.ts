import { IsOptional, IsString, Matches } from 'class-validator';
import { INVALID_ID } from '../../common/common.texts';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { UUID_PATTERN } from './send-message.dto';

/**
 * `?limit&cursor` pages back in time; `?after=<messageId>` keeps only messages newer than one
 * the client already holds (filling the gap after a reconnect). Both combine: page with
 * `cursor` until `nextCursor` is null to get every message after `after`.
 */
export class ConversationQueryDto extends PageQueryDto {
  @IsOptional()
  @Matches(UUID_PATTERN, { message: INVALID_ID })
  @IsString({ message: INVALID_ID })
  after?: string;
}

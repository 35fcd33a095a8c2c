import { NOTIFICATION_FILTERS, type NotificationFilter } from '@gundem/contract';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { NOTIFICATION_FILTER_INVALID } from '../notifications.texts';

/** `?filter=all|mentions|verified&limit=&cursor=` (docs/wire-contract.md#notifications). */
export class ListNotificationsDto extends PageQueryDto {
  /** `all` (default, Tümü), `mentions` (Bahsedenler: mentions and replies), `verified` (Onaylı: from verified accounts). */
  @IsOptional()
  @IsIn(NOTIFICATION_FILTERS, { message: NOTIFICATION_FILTER_INVALID })
  filter?: NotificationFilter;
}

import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_TRENDING_LIMIT = 20;
const LIMIT_MESSAGE = `limit 1 ile ${MAX_TRENDING_LIMIT} arasında olmalıdır.`;

/** `?limit=` of the trend widgets (defaults: 5 hashtags, 3 users; docs/wire-contract.md#trending). */
export class TrendingQueryDto {
  @IsOptional()
  @Max(MAX_TRENDING_LIMIT, { message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @IsInt({ message: LIMIT_MESSAGE })
  @Type(() => Number)
  limit?: number;
}

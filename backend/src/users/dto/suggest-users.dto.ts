import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { SUGGEST_QUERY_REQUIRED, SUGGEST_QUERY_TOO_LONG } from '../users.texts';

/** `?q=` of GET /api/users/suggest: what follows the `@` typed so far (a leading `@` is ignored). */
export class SuggestUsersDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().replace(/^@/, '') : value))
  @MaxLength(30, { message: SUGGEST_QUERY_TOO_LONG })
  @IsNotEmpty({ message: SUGGEST_QUERY_REQUIRED })
  @IsString({ message: SUGGEST_QUERY_REQUIRED })
  q: string;
}

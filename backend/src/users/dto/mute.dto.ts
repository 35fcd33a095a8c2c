import { IsIn, IsOptional, IsString } from 'class-validator';
import { MUTE_DAYS_INVALID, MUTED_WORD_REQUIRED } from '../../social/social.texts';

/** The optional body of PUT /api/users/:id/mute: `days` 1, 7 or 30; absent or null: until undone. */
export class MuteDto {
  @IsOptional()
  @IsIn([1, 7, 30], { message: MUTE_DAYS_INVALID })
  days?: number | null;
}

/** POST /api/users/muted-words: the word as typed (checked in MutesService) and an optional duration. */
export class MutedWordDto {
  @IsString({ message: MUTED_WORD_REQUIRED })
  word: string;

  @IsOptional()
  @IsIn([1, 7, 30], { message: MUTE_DAYS_INVALID })
  days?: number | null;
}

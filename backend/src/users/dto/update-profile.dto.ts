import type { ProfileUpdateRequest } from '@gundem/contract';
import { IsString, ValidateIf } from 'class-validator';
import { PROFILE_BIO_TYPE, PROFILE_DISPLAY_NAME_TYPE, PROFILE_LOCATION_TYPE, PROFILE_WEBSITE_TYPE } from '../users.texts';

/** Present but not a string (null, a number, an object): refused, never read as "not sent". */
const present = (_: object, value: unknown) => value !== undefined;

/**
 * PATCH /api/users/me: types only (an unknown key is refused by the global pipe, `Bilinmeyen
 * alan: …`); trimming, the limits and the website's form are profile-input.ts's rules.
 */
export class UpdateProfileDto implements ProfileUpdateRequest {
  @ValidateIf(present)
  @IsString({ message: PROFILE_DISPLAY_NAME_TYPE })
  displayName?: string;

  @ValidateIf(present)
  @IsString({ message: PROFILE_BIO_TYPE })
  bio?: string;

  @ValidateIf(present)
  @IsString({ message: PROFILE_LOCATION_TYPE })
  location?: string;

  @ValidateIf(present)
  @IsString({ message: PROFILE_WEBSITE_TYPE })
  website?: string;
}

import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, ValidateBy, type ValidationOptions } from 'class-validator';
import { INVALID_ID } from '../../common/common.texts';
import { MAX_MESSAGE_LENGTH, MESSAGE_EMPTY, MESSAGE_TOO_LONG, RECEIVER_REQUIRED } from '../messages.texts';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/**
 * At most `max` characters as PostgreSQL's varchar counts them: code points. (class-validator's
 * MaxLength also discounts variation selectors, which would let varchar(1000) overflow into a 500.)
 */
function MaxCodePoints(max: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'maxCodePoints', constraints: [max], validator: { validate: (value: unknown) => typeof value === 'string' && [...value].length <= max } }, options);
}

/** class-validator runs the lowest decorator first: type and presence checks sit at the bottom. */
export class SendMessageDto {
  @Matches(UUID_PATTERN, { message: INVALID_ID })
  @IsNotEmpty({ message: RECEIVER_REQUIRED })
  @IsString({ message: RECEIVER_REQUIRED })
  receiverId: string;

  /** Trimmed; 1 to 1000 characters. */
  @Transform(trim)
  // PostgreSQL text cannot hold NUL; refusing it here keeps it a 400 rather than a 500.
  @MaxCodePoints(MAX_MESSAGE_LENGTH, { message: MESSAGE_TOO_LONG })
  @IsNotEmpty({ message: MESSAGE_EMPTY })
  @IsString({ message: MESSAGE_EMPTY })
  content: string;
}

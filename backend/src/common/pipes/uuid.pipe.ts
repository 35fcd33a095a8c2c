import { BadRequestException, ParseUUIDPipe } from '@nestjs/common';
import { INVALID_ID } from '../common.texts';

/** `@Param('id', UuidPipe)`: a malformed id is a Turkish 400, never a 500 from PostgreSQL. */
export const UuidPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(INVALID_ID) });

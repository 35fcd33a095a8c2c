import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'isPublic';
export const OPTIONAL_AUTH = 'optionalAuth';

/** No token needed. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** No token needed, but a valid one identifies the viewer (e.g. liked flags on the timeline). */
export const OptionalAuth = () => SetMetadata(OPTIONAL_AUTH, true);

import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    if (error.constraints) {
      // whitelist + forbidNonWhitelisted reports unknown fields under this constraint name.
      if (error.constraints.whitelistValidation) return `Bilinmeyen alan: ${error.property}`;
      const first = Object.values(error.constraints)[0];
      if (first) return first;
    }
    if (error.children?.length) {
      const nested = firstMessage(error.children);
      if (nested) return nested;
    }
  }
  return 'Geçersiz istek.';
}

/** Strips unknown fields, converts types, and answers the first problem as one Turkish sentence. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

export const NUL_CHARACTER = 'İstek geçersiz bir karakter içeriyor.';

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

/** PostgreSQL text cannot hold U+0000; such input would otherwise surface as a 500. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

class GundemValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata) {
    if (metadata.type !== 'custom' && containsNul(value)) throw new BadRequestException(NUL_CHARACTER);
    return super.transform(value, metadata);
  }
}

/**
 * Strips unknown fields, converts types, refuses NUL characters anywhere in the body, query or
 * route parameters, and answers the first problem as one Turkish sentence.
 */
export function createValidationPipe(): ValidationPipe {
  return new GundemValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => new BadRequestException(firstMessage(errors)),
  });
}

import { Type } from 'class-transformer';
import { REGISTRATION_MODES, type RegistrationMode } from '@gundem/contract';
import { ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsString, Matches, MaxLength, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { SETTINGS_LIMITS } from '../settings.constants';
import { SITE_NAME_READ_ONLY } from '../settings.texts';

/**
 * Absent fields keep their value; a field that is present (null included) must be valid.
 * class-validator runs the lowest decorator first: the type check sits at the bottom.
 */
const present = (_object: object, value: unknown) => value !== undefined;

const { maxTweetLength, maxFileSize, maxImagesPerPost, maxImagePixels, mediaUploadsPerHour, windowMs, maxRequests, allowedFileTypes } = SETTINGS_LIMITS;
const MB = 1024 * 1024;

const MESSAGES = {
  registrationEnabled: 'Yeni kayıtlar ayarı true ya da false olmalıdır.',
  registrationMode: 'Kayıt modu open (açık), approval (onaylı) ya da closed (kapalı) olmalıdır.',
  emailVerificationRequired: 'E-posta doğrulaması ayarı true ya da false olmalıdır.',
  maintenanceMode: 'Bakım modu ayarı true ya da false olmalıdır.',
  maxTweetLength: `Maksimum gönderi uzunluğu ${maxTweetLength.min} ile ${maxTweetLength.max} arasında bir tam sayı olmalıdır.`,
  maxFileSize: `Maksimum dosya boyutu ${maxFileSize.min / MB} MB ile ${maxFileSize.max / MB} MB arasında (bayt cinsinden tam sayı) olmalıdır.`,
  maxImagesPerPost: `Gönderi başına görsel sayısı ${maxImagesPerPost.min} ile ${maxImagesPerPost.max} arasında bir tam sayı olmalıdır.`,
  maxImagePixels: `Görsel başına piksel sınırı ${maxImagePixels.min / 1_000_000} ile ${maxImagePixels.max / 1_000_000} milyon arasında (piksel cinsinden tam sayı) olmalıdır.`,
  mediaUploadsPerHour: `Saatlik görsel yükleme sınırı ${mediaUploadsPerHour.min} ile ${mediaUploadsPerHour.max} arasında bir tam sayı olmalıdır.`,
  allowedFileTypes: `İzin verilen dosya türleri en fazla ${allowedFileTypes.maxItems} farklı MIME türünden (ör. image/png) oluşan bir liste olmalıdır.`,
  rateLimit: 'Hız sınırı ayarları geçersiz.',
  blockedEmailDomains: `Engellenen e-posta alan adları en fazla ${SETTINGS_LIMITS.blockedEmailDomains.maxItems} alan adından (ör. ornek.com) oluşan bir liste olmalıdır.`,
  windowMs: `Hız sınırı süresi ${windowMs.min / 60_000} ile ${windowMs.max / 60_000} dakika arasında (milisaniye cinsinden tam sayı) olmalıdır.`,
  maxRequests: `Hız sınırı istek sayısı ${maxRequests.min} ile ${maxRequests.max} arasında bir tam sayı olmalıdır.`,
};

/** `type/subtype` in lowercase, as browsers report a file's type. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

export class RateLimitSettingsDto {
  @ValidateIf(present)
  @Max(windowMs.max, { message: MESSAGES.windowMs })
  @Min(windowMs.min, { message: MESSAGES.windowMs })
  @IsInt({ message: MESSAGES.windowMs })
  windowMs?: number;

  @ValidateIf(present)
  @Max(maxRequests.max, { message: MESSAGES.maxRequests })
  @Min(maxRequests.min, { message: MESSAGES.maxRequests })
  @IsInt({ message: MESSAGES.maxRequests })
  maxRequests?: number;
}

/**
 * `PATCH /api/admin/settings`: the admin form sends the whole settings object
 * (docs/wire-contract.md#settings); a partial one changes only what it names. `siteName` is read-only: sending the current
 * name is tolerated, another one is refused by SettingsService.
 */
export class UpdateSettingsDto {
  @ValidateIf(present)
  @IsString({ message: SITE_NAME_READ_ONLY })
  siteName?: string;

  /** Wins over registrationEnabled when both are sent. */
  @ValidateIf(present)
  @IsIn(REGISTRATION_MODES, { message: MESSAGES.registrationMode })
  registrationMode?: RegistrationMode;

  /** The older boolean: false closes registration, true opens a closed site (an approval site stays so). */
  @ValidateIf(present)
  @IsBoolean({ message: MESSAGES.registrationEnabled })
  registrationEnabled?: boolean;

  @ValidateIf(present)
  @IsBoolean({ message: MESSAGES.emailVerificationRequired })
  emailVerificationRequired?: boolean;

  @ValidateIf(present)
  @IsBoolean({ message: MESSAGES.maintenanceMode })
  maintenanceMode?: boolean;

  @ValidateIf(present)
  @Max(maxTweetLength.max, { message: MESSAGES.maxTweetLength })
  @Min(maxTweetLength.min, { message: MESSAGES.maxTweetLength })
  @IsInt({ message: MESSAGES.maxTweetLength })
  maxTweetLength?: number;

  @ValidateIf(present)
  @ArrayUnique({ message: MESSAGES.allowedFileTypes })
  @ArrayMaxSize(allowedFileTypes.maxItems, { message: MESSAGES.allowedFileTypes })
  @Matches(MIME_TYPE, { each: true, message: MESSAGES.allowedFileTypes })
  @IsString({ each: true, message: MESSAGES.allowedFileTypes })
  @IsArray({ message: MESSAGES.allowedFileTypes })
  allowedFileTypes?: string[];

  /** Normalised and checked entry by entry in SettingsService (the entry at fault is named). */
  @ValidateIf(present)
  @ArrayMaxSize(SETTINGS_LIMITS.blockedEmailDomains.maxItems, { message: MESSAGES.blockedEmailDomains })
  @MaxLength(300, { each: true, message: MESSAGES.blockedEmailDomains })
  @IsString({ each: true, message: MESSAGES.blockedEmailDomains })
  @IsArray({ message: MESSAGES.blockedEmailDomains })
  blockedEmailDomains?: string[];

  @ValidateIf(present)
  @Max(maxFileSize.max, { message: MESSAGES.maxFileSize })
  @Min(maxFileSize.min, { message: MESSAGES.maxFileSize })
  @IsInt({ message: MESSAGES.maxFileSize })
  maxFileSize?: number;

  @ValidateIf(present)
  @Max(maxImagesPerPost.max, { message: MESSAGES.maxImagesPerPost })
  @Min(maxImagesPerPost.min, { message: MESSAGES.maxImagesPerPost })
  @IsInt({ message: MESSAGES.maxImagesPerPost })
  maxImagesPerPost?: number;

  @ValidateIf(present)
  @Max(maxImagePixels.max, { message: MESSAGES.maxImagePixels })
  @Min(maxImagePixels.min, { message: MESSAGES.maxImagePixels })
  @IsInt({ message: MESSAGES.maxImagePixels })
  maxImagePixels?: number;

  @ValidateIf(present)
  @Max(mediaUploadsPerHour.max, { message: MESSAGES.mediaUploadsPerHour })
  @Min(mediaUploadsPerHour.min, { message: MESSAGES.mediaUploadsPerHour })
  @IsInt({ message: MESSAGES.mediaUploadsPerHour })
  mediaUploadsPerHour?: number;

  @ValidateIf(present)
  @ValidateNested({ message: MESSAGES.rateLimit })
  @Type(() => RateLimitSettingsDto)
  @IsObject({ message: MESSAGES.rateLimit })
  rateLimit?: RateLimitSettingsDto;
}

import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { cleanDisplayName, hasMixedScripts, normaliseEmail, VISIBLE_CHARACTER } from '../../users/account-input';
import { EMAIL_MIXED_SCRIPT, PASSWORD_BLANK } from '../../users/users.texts';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const ifString = (fn: (value: string) => string) => ({ value }: { value: unknown }) => (typeof value === 'string' ? fn(value) : value);

/** Refuses look-alike addresses that mix scripts (account-input.ts). */
export const IsSingleScriptEmail = () =>
  ValidateBy({ name: 'singleScriptEmail', validator: { validate: (value: unknown) => typeof value !== 'string' || !hasMixedScripts(value) } }, { message: EMAIL_MIXED_SCRIPT });

/** class-validator runs the lowest decorator first: type and presence checks sit at the bottom. */
export class RegisterDto {
  /** Letters, digits and underscore; 3 to 30 characters. */
  @Transform(trim)
  @Length(3, 30, { message: 'Kullanıcı adı 3-30 karakter olmalıdır.' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz' })
  @IsNotEmpty({ message: 'Kullanıcı adı zorunludur.' })
  @IsString({ message: 'Kullanıcı adı zorunludur.' })
  username: string;

  /** Bidi controls and zero-width characters are stripped; nothing visible left counts as missing. */
  @Transform(ifString(cleanDisplayName))
  @MaxLength(50, { message: 'Görünen ad en fazla 50 karakter olabilir.' })
  @IsNotEmpty({ message: 'Görünen ad zorunludur.' })
  @IsString({ message: 'Görünen ad zorunludur.' })
  displayName: string;

  /** Stored in its one canonical form (NFKC, lower case, `İ` as `i`); mixed scripts refused. */
  @Transform(ifString(normaliseEmail))
  @IsSingleScriptEmail()
  @IsEmail({}, { message: 'Geçerli bir e-posta adresi girin.' })
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;

  /** Never trimmed; only a password with nothing but spaces is refused. */
  @Matches(VISIBLE_CHARACTER, { message: PASSWORD_BLANK })
  @MaxLength(128, { message: 'Şifre en fazla 128 karakter olabilir.' })
  @MinLength(6, { message: 'Şifre en az 6 karakter olmalıdır.' })
  @IsNotEmpty({ message: 'Şifre zorunludur.' })
  @IsString({ message: 'Şifre zorunludur.' })
  password: string;
}

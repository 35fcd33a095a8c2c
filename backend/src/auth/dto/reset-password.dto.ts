import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { normaliseEmail, VISIBLE_CHARACTER } from '../../users/account-input';
import { PASSWORD_BLANK } from '../../users/users.texts';

export class ResetPasswordDto {
  @MaxLength(200, { message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  @IsNotEmpty({ message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  @IsString({ message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  token: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;

  @Matches(VISIBLE_CHARACTER, { message: PASSWORD_BLANK })
  @MaxLength(128, { message: 'Şifre en fazla 128 karakter olabilir.' })
  @MinLength(6, { message: 'Şifre en az 6 karakter olmalıdır.' })
  @IsString({ message: 'Şifre zorunludur.' })
  newPassword: string;
}

import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';

export class ResetPasswordDto {
  @MaxLength(200, { message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  @IsNotEmpty({ message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  @IsString({ message: 'Şifre sıfırlama bağlantısı geçersiz.' })
  token: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;

  @MaxLength(128, { message: 'Şifre en fazla 128 karakter olabilir.' })
  @MinLength(6, { message: 'Şifre en az 6 karakter olmalıdır.' })
  @IsString({ message: 'Şifre zorunludur.' })
  newPassword: string;
}

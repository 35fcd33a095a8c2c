import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class LoginDto {
  /** The e-mail address or the username. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(254, { message: 'E-posta veya kullanıcı adı çok uzun.' })
  @IsNotEmpty({ message: 'E-posta veya kullanıcı adı zorunludur.' })
  @IsString({ message: 'E-posta veya kullanıcı adı zorunludur.' })
  login: string;

  @MaxLength(128, { message: 'Şifre en fazla 128 karakter olabilir.' })
  @IsNotEmpty({ message: 'Şifre zorunludur.' })
  @IsString({ message: 'Şifre zorunludur.' })
  password: string;
}

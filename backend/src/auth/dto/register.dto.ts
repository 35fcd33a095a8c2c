import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, Length, Matches, MaxLength, MinLength } from 'class-validator';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** class-validator runs the lowest decorator first: type and presence checks sit at the bottom. */
export class RegisterDto {
  /** Letters, digits and underscore; 3 to 30 characters. */
  @Transform(trim)
  @Length(3, 30, { message: 'Kullanıcı adı 3-30 karakter olmalıdır.' })
  @Matches(/^[A-Za-z0-9_]+$/, { message: 'Sadece harf, rakam ve alt çizgi kullanabilirsiniz' })
  @IsNotEmpty({ message: 'Kullanıcı adı zorunludur.' })
  @IsString({ message: 'Kullanıcı adı zorunludur.' })
  username: string;

  @Transform(trim)
  @MaxLength(50, { message: 'Görünen ad en fazla 50 karakter olabilir.' })
  @IsNotEmpty({ message: 'Görünen ad zorunludur.' })
  @IsString({ message: 'Görünen ad zorunludur.' })
  displayName: string;

  @Transform(trim)
  @IsEmail({}, { message: 'Geçerli bir e-posta adresi girin.' })
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;

  @MaxLength(128, { message: 'Şifre en fazla 128 karakter olabilir.' })
  @MinLength(6, { message: 'Şifre en az 6 karakter olmalıdır.' })
  @IsNotEmpty({ message: 'Şifre zorunludur.' })
  @IsString({ message: 'Şifre zorunludur.' })
  password: string;
}

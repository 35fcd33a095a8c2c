import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class ForgotPasswordDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: 'Geçerli bir e-posta adresi girin.' })
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;
}

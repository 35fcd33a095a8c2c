import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { normaliseEmail } from '../../users/account-input';

export class ForgotPasswordDto {
  /** The same canonical form as at registration, so any spelling of the address finds the account. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normaliseEmail(value) : value))
  @IsEmail({}, { message: 'Geçerli bir e-posta adresi girin.' })
  @MaxLength(254, { message: 'Geçerli bir e-posta adresi girin.' })
  @IsNotEmpty({ message: 'E-posta zorunludur.' })
  @IsString({ message: 'E-posta zorunludur.' })
  email: string;
}

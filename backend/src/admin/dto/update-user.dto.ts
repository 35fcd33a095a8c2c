import { BadRequestException } from '@nestjs/common';
import { IsBoolean, IsIn, ValidateIf } from 'class-validator';
import { USER_ROLES, type UserRole } from '../../users/roles';
import { EXACTLY_ONE_FIELD } from '../admin.texts';

/** A field that is present (null included) must be valid; absence is checked by `singleChange`. */
const present = (_object: object, value: unknown) => value !== undefined;

/** `PATCH /api/admin/users/:id`: exactly one of the three (docs/wire-contract.md#admin). Unknown fields are 400 too. */
export class UpdateUserDto {
  @ValidateIf(present)
  @IsBoolean({ message: 'Hesap durumu (isActive) true ya da false olmalıdır.' })
  isActive?: boolean;

  @ValidateIf(present)
  @IsBoolean({ message: 'Onay rozeti (isVerified) true ya da false olmalıdır.' })
  isVerified?: boolean;

  @ValidateIf(present)
  @IsIn(USER_ROLES, { message: 'Rol (role) user, moderator ya da admin olmalıdır.' })
  role?: UserRole;
}

export type UserChange = { field: 'isActive'; value: boolean } | { field: 'isVerified'; value: boolean } | { field: 'role'; value: UserRole };

/** The one change the body asks for; 400 for none or more than one. */
export function singleChange(dto: UpdateUserDto): UserChange {
  const changes: UserChange[] = [];
  if (dto.isActive !== undefined) changes.push({ field: 'isActive', value: dto.isActive });
  if (dto.isVerified !== undefined) changes.push({ field: 'isVerified', value: dto.isVerified });
  if (dto.role !== undefined) changes.push({ field: 'role', value: dto.role });
  if (changes.length !== 1) throw new BadRequestException(EXACTLY_ONE_FIELD);
  return changes[0];
}

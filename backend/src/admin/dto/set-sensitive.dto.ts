import { IsBoolean } from 'class-validator';
import { SENSITIVE_REQUIRED } from '../admin.texts';

/** `PATCH /api/admin/posts/:id` (docs/wire-contract.md#admin): staff mark a post's pictures sensitive, or clear the mark. Unknown fields are 400. */
export class SetSensitiveDto {
  /** true: the post's pictures are shown behind their placeholder until clicked; false: shown at once. */
  @IsBoolean({ message: SENSITIVE_REQUIRED })
  sensitive!: boolean;
}

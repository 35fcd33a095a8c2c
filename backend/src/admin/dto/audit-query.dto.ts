import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, type AuditAction, type AuditTargetType } from '@gundem/contract';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageQueryDto } from '../../common/pagination/page-query.dto';
import { AUDIT_ACTION_INVALID, AUDIT_ACTOR_INVALID, AUDIT_TARGET_ID_INVALID, AUDIT_TARGET_TYPE_INVALID } from '../admin.texts';

/** `GET /api/admin/audit?limit=&cursor=&actorId=&action=&targetType=&targetId=` (docs/wire-contract.md#audit-log). */
export class AuditQueryDto extends PageQueryDto {
  @IsOptional()
  @IsUUID('all', { message: AUDIT_ACTOR_INVALID })
  actorId?: string;

  @IsOptional()
  @IsIn(AUDIT_ACTIONS, { message: AUDIT_ACTION_INVALID })
  action?: AuditAction;

  @IsOptional()
  @IsIn(AUDIT_TARGET_TYPES, { message: AUDIT_TARGET_TYPE_INVALID })
  targetType?: AuditTargetType;

  @IsOptional()
  @IsUUID('all', { message: AUDIT_TARGET_ID_INVALID })
  targetId?: string;
}

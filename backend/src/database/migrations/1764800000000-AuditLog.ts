import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff audit log (docs/architecture.md#audit-log): one row per back-office action, written in
 * the action's own transaction (AuditLogWriter).
 *
 * Append-only in the database, not only in the code: a trigger raises on every UPDATE, DELETE and
 * TRUNCATE of the table, so neither a bug nor a stray query of the app's own login can rewrite or
 * erase what staff did. No foreign keys on purpose: an entry outlives the account, the post it
 * names (the actor's username and the target's label are copied in), and a foreign key's ON DELETE
 * action would be an UPDATE or DELETE the trigger refuses, failing the account's or post's
 * deletion. The test databases are cloned per test file and dropped whole (test/test-database.ts),
 * so no test clean-up ever has to empty this table.
 *
 * Indexes: one per filter of GET /api/admin/audit, each ending in the list's order (created_at,
 * id), so every filtered page is a walk of one index from the cursor on.
 */
export class AuditLog1764800000000 implements MigrationInterface {
  name = 'AuditLog1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "audit_log" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "actor_id" uuid NOT NULL,
        "actor_username" varchar(30) NOT NULL,
        "action" varchar(40) NOT NULL,
        "target_type" varchar(20) NOT NULL,
        "target_id" uuid,
        "target_label" text NOT NULL,
        "reason" text,
        "before" jsonb,
        "after" jsonb
      )`);
    await q.query(`CREATE INDEX "idx_audit_log_created" ON "audit_log" ("created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_audit_log_actor" ON "audit_log" ("actor_id", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_audit_log_action" ON "audit_log" ("action", "created_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_audit_log_target" ON "audit_log" ("target_type", "target_id", "created_at" DESC, "id" DESC)`);
    await q.query(`
      CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`
      CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
        FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"()`);
    await q.query(`
      CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
        FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "audit_log"`);
    await q.query(`DROP FUNCTION "audit_log_append_only"()`);
  }
}

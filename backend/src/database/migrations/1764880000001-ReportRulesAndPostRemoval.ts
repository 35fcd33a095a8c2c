import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and staff actions name the server rule they cite; the desk resolves with an account
 * action; staff's removal of a post is a notice (issue 25, docs/wire-contract.md#reports):
 *
 * - `reports.rule_id`, `account_actions.rule_id`: the rule, a foreign key to `server_rules` that
 *   becomes NULL when an admin deletes the rule. `rule_number` (1-based, as the list showed it) and
 *   `rule_text` are a snapshot taken when the report or the action was written, so a notice still
 *   reads `Kural 3: …` after the rule was edited, moved or deleted. All three are NULL when no rule
 *   was named (`rule_text` NULL ⇔ `rule_number` NULL).
 * - `account_actions.kind` gains `post_removed`: a post staff deleted, its author's notice
 *   (appealable like the others); the list keeps AccountLimits' `limit`. `post_snapshot` keeps the post as it was (id, text, time);
 *   only that kind has one.
 * - `report_cases.resolution` gains `account_action` (the desk resolved with warn, suspend, …);
 *   `report_cases.action_id` names the action (NULL for the other resolutions).
 *
 * `account_actions.rule_id` existed without a foreign key and was never written (always NULL), so
 * adding the key validates nothing. Constant defaults only: no table is rewritten.
 */
export class ReportRulesAndPostRemoval1764880000001 implements MigrationInterface {
  name = 'ReportRulesAndPostRemoval1764880000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "reports" ADD COLUMN "rule_id" uuid REFERENCES "server_rules" ("id") ON DELETE SET NULL`);
    await q.query(`ALTER TABLE "reports" ADD COLUMN "rule_number" smallint`);
    await q.query(`ALTER TABLE "reports" ADD COLUMN "rule_text" varchar(500)`);
    await q.query(`ALTER TABLE "reports" ADD CONSTRAINT "chk_reports_rule" CHECK (("rule_number" IS NULL) = ("rule_text" IS NULL))`);

    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "fk_account_actions_rule" FOREIGN KEY ("rule_id") REFERENCES "server_rules" ("id") ON DELETE SET NULL`);
    await q.query(`ALTER TABLE "account_actions" ADD COLUMN "rule_number" smallint`);
    await q.query(`ALTER TABLE "account_actions" ADD COLUMN "rule_text" varchar(500)`);
    await q.query(`ALTER TABLE "account_actions" ADD COLUMN "post_snapshot" jsonb`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "chk_account_actions_rule" CHECK (("rule_number" IS NULL) = ("rule_text" IS NULL))`);
    // The kind list as AccountLimits (the migration before this one) left it, plus post_removed.
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT "account_actions_kind_check"`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_kind_check" CHECK ("kind" IN ('warn', 'sensitive_media', 'suspend', 'limit', 'post_removed'))`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "chk_account_actions_post_snapshot" CHECK (("kind" = 'post_removed') = ("post_snapshot" IS NOT NULL))`);

    await q.query(`ALTER TABLE "report_cases" DROP CONSTRAINT "report_cases_resolution_check"`);
    await q.query(
      `ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_resolution_check" CHECK ("resolution" IN ('dismiss', 'delete_post', 'mark_sensitive', 'deactivate_account', 'account_action'))`,
    );
    await q.query(`ALTER TABLE "report_cases" ADD COLUMN "action_id" uuid REFERENCES "account_actions" ("id") ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "report_cases" DROP COLUMN "action_id"`);
    await q.query(`DELETE FROM "report_cases" WHERE "resolution" = 'account_action'`);
    await q.query(`ALTER TABLE "report_cases" DROP CONSTRAINT "report_cases_resolution_check"`);
    await q.query(
      `ALTER TABLE "report_cases" ADD CONSTRAINT "report_cases_resolution_check" CHECK ("resolution" IN ('dismiss', 'delete_post', 'mark_sensitive', 'deactivate_account'))`,
    );
    await q.query(`DELETE FROM "account_actions" WHERE "kind" = 'post_removed'`);
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT "chk_account_actions_post_snapshot"`);
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT "account_actions_kind_check"`);
    await q.query(`ALTER TABLE "account_actions" ADD CONSTRAINT "account_actions_kind_check" CHECK ("kind" IN ('warn', 'sensitive_media', 'suspend', 'limit'))`);
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT "chk_account_actions_rule"`);
    await q.query(`ALTER TABLE "account_actions" DROP COLUMN "post_snapshot"`);
    await q.query(`ALTER TABLE "account_actions" DROP COLUMN "rule_text"`);
    await q.query(`ALTER TABLE "account_actions" DROP COLUMN "rule_number"`);
    await q.query(`ALTER TABLE "account_actions" DROP CONSTRAINT "fk_account_actions_rule"`);
    await q.query(`ALTER TABLE "reports" DROP CONSTRAINT "chk_reports_rule"`);
    await q.query(`ALTER TABLE "reports" DROP COLUMN "rule_text"`);
    await q.query(`ALTER TABLE "reports" DROP COLUMN "rule_number"`);
    await q.query(`ALTER TABLE "reports" DROP COLUMN "rule_id"`);
  }
}

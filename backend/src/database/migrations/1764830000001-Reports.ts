import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Members' reports and the moderation desk (docs/architecture.md#reports).
 *
 * - `report_cases`: one row per reported target while it is open (a post, an account or a private
 *   message): the desk's unit. Every report of the same target joins the open case; staff assign,
 *   note and resolve the case, so its reports resolve together. A report after the resolution
 *   opens a new case (the partial unique index allows one open case per target). `account_id` is
 *   the reported account (the post's author, the message's sender, or the account itself).
 *   `target_id` has no foreign key on purpose: a deleted post or message leaves the case and its
 *   snapshots for staff to see.
 * - `reports`: one row per reporter and case (a second report of the same open target by the same
 *   member updates it). `snapshot` is the reported content (and the attached posts) as it was at
 *   report time. A server-rule reference is to come as a nullable `rule_id` column here.
 * - `report_notes`: staff's private notes on a case.
 *
 * Indexes: the queue's two orders per status (newest report first, most reports first), each
 * ending in the keyset's columns, so a page is a walk of one index from the cursor on; a
 * reporter's recent reports for the hourly limit; an account's cases for the desk's history.
 */
export class Reports1764830000001 implements MigrationInterface {
  name = 'Reports1764830000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "report_cases" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "target_type" varchar(10) NOT NULL CHECK ("target_type" IN ('post', 'account', 'message')),
        "target_id" uuid NOT NULL,
        "account_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "status" varchar(10) NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'resolved')),
        "report_count" integer NOT NULL DEFAULT 0 CHECK ("report_count" >= 0),
        "latest_report_at" timestamptz NOT NULL DEFAULT now(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "assignee_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "resolution" varchar(20) CHECK ("resolution" IN ('dismiss', 'delete_post', 'mark_sensitive', 'deactivate_account')),
        "resolved_by" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
        "resolved_at" timestamptz,
        CONSTRAINT "chk_report_cases_resolution" CHECK (("status" = 'open') = ("resolution" IS NULL))
      )`);
    await q.query(`CREATE UNIQUE INDEX "uq_report_cases_open_target" ON "report_cases" ("target_type", "target_id") WHERE "status" = 'open'`);
    await q.query(`CREATE INDEX "idx_report_cases_newest" ON "report_cases" ("status", "latest_report_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_report_cases_most" ON "report_cases" ("status", "report_count" DESC, "latest_report_at" DESC, "id" DESC)`);
    await q.query(`CREATE INDEX "idx_report_cases_account" ON "report_cases" ("account_id", "created_at" DESC)`);
    await q.query(`
      CREATE TABLE "reports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "case_id" uuid NOT NULL REFERENCES "report_cases" ("id") ON DELETE CASCADE,
        "reporter_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "category" varchar(20) NOT NULL CHECK ("category" IN ('spam', 'harassment', 'violence', 'illegal', 'other')),
        "comment" text CHECK (char_length("comment") <= 1000),
        "attached_post_ids" uuid[] NOT NULL DEFAULT '{}' CHECK (cardinality("attached_post_ids") <= 5),
        "snapshot" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "uq_reports_case_reporter" UNIQUE ("case_id", "reporter_id")
      )`);
    await q.query(`CREATE INDEX "idx_reports_reporter_updated" ON "reports" ("reporter_id", "updated_at" DESC)`);
    await q.query(`
      CREATE TABLE "report_notes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "case_id" uuid NOT NULL REFERENCES "report_cases" ("id") ON DELETE CASCADE,
        "author_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "body" text NOT NULL CHECK (char_length("body") BETWEEN 1 AND 1000),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "idx_report_notes_case" ON "report_notes" ("case_id", "created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "report_notes"`);
    await q.query(`DROP TABLE "reports"`);
    await q.query(`DROP TABLE "report_cases"`);
  }
}

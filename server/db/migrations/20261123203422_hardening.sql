CREATE TABLE "payment_plans" (
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"plan_key" text NOT NULL,
	"plan_ref" text NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_account_id_provider_plan_key_pk" PRIMARY KEY("account_id","provider","plan_key")
);
--> statement-breakpoint
ALTER TABLE "payment_plans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
-- Invitations sent before links existed get a hash no token can have (not 64 hex digits), so they stay listed and the owner's resend sends a working link; the defaults only fill those rows.
ALTER TABLE "invitations" ADD COLUMN "token_hash" text NOT NULL DEFAULT ('unsent:' || gen_random_uuid());--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "token_hash" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "expires_at" timestamp with time zone NOT NULL DEFAULT (now() + interval '14 days');--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "expires_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "event_outbox" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("queued_at") WHERE status not in ('sent', 'stored');--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_account_token_idx" ON "invitations" USING btree ("account_id","token_hash");--> statement-breakpoint
CREATE POLICY "site_people" ON "users" AS PERMISSIVE FOR SELECT TO "atrium_tenant" USING (exists (select 1 from members m where m.account_id = nullif(current_setting('app.account_id', true), '')::uuid and m.user_id = users.id) or exists (select 1 from sessions s where s.account_id = nullif(current_setting('app.account_id', true), '')::uuid and s.user_id = users.id));--> statement-breakpoint
CREATE POLICY "platform_access" ON "users" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payment_plans" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "payment_plans" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
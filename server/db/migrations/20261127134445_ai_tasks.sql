CREATE TABLE "ai_tasks" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"audio_seconds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_tasks_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "ai_tasks_status_check" CHECK (status in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "ai_tasks_progress_check" CHECK (progress between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "ai_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "ai_tasks" ADD CONSTRAINT "ai_tasks_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_tasks_user_idx" ON "ai_tasks" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "ai_tasks" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "ai_tasks" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
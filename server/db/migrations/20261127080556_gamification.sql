CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"course_id" uuid,
	"group_id" uuid,
	"points" integer,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "member_visits" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_visits_account_id_user_id_day_pk" PRIMARY KEY("account_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "member_visits" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "points_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"source_key" text NOT NULL,
	"course_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "points_log" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_visits" ADD CONSTRAINT "member_visits_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_log" ADD CONSTRAINT "points_log_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_source_key" ON "activities" USING btree ("account_id","source_key");--> statement-breakpoint
CREATE INDEX "activities_feed_idx" ON "activities" USING btree ("account_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("account_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_public_idx" ON "activities" USING btree ("account_id","created_at" DESC NULLS LAST) WHERE "activities"."is_public";--> statement-breakpoint
CREATE UNIQUE INDEX "points_log_source_key" ON "points_log" USING btree ("account_id","source_key");--> statement-breakpoint
CREATE INDEX "points_log_user_idx" ON "points_log" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "points_log_created_idx" ON "points_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "activities" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "activities" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "member_visits" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "member_visits" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "points_log" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "points_log" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
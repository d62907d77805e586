CREATE TABLE "active_members" (
	"account_id" uuid NOT NULL,
	"period" date NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "active_members_account_id_period_user_id_pk" PRIMARY KEY("account_id","period","user_id")
);
--> statement-breakpoint
ALTER TABLE "active_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "usage_meters" (
	"account_id" uuid NOT NULL,
	"meter" text NOT NULL,
	"period" date NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_meters_account_id_meter_period_pk" PRIMARY KEY("account_id","meter","period"),
	CONSTRAINT "usage_meters_value_check" CHECK (value >= 0)
);
--> statement-breakpoint
ALTER TABLE "usage_meters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "active_members" ADD CONSTRAINT "active_members_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_meters" ADD CONSTRAINT "usage_meters_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "active_members" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "active_members" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "usage_meters" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "usage_meters" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
CREATE TABLE "mailing_fields" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_fields_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "mailing_fields" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mailing_fields" ADD CONSTRAINT "mailing_fields_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_fields_key_idx" ON "mailing_fields" USING btree ("account_id","key");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailing_fields" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "mailing_fields" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
CREATE TABLE "mailing_contacts" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_contacts_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "mailing_contacts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mailing_list_contact" (
	"account_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_list_contact_account_id_list_id_contact_id_pk" PRIMARY KEY("account_id","list_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"opt_in" text DEFAULT 'single' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailing_lists_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "mailing_lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "mailing_contacts" ADD CONSTRAINT "mailing_contacts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ADD CONSTRAINT "mailing_list_contact_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ADD CONSTRAINT "mailing_list_contact_account_id_list_id_mailing_lists_account_id_id_fk" FOREIGN KEY ("account_id","list_id") REFERENCES "public"."mailing_lists"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ADD CONSTRAINT "mailing_list_contact_account_id_contact_id_mailing_contacts_account_id_id_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."mailing_contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_lists" ADD CONSTRAINT "mailing_lists_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_contacts_email_idx" ON "mailing_contacts" USING btree ("account_id","email");--> statement-breakpoint
CREATE INDEX "mailing_contacts_created_idx" ON "mailing_contacts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mailing_list_contact_contact_idx" ON "mailing_list_contact" USING btree ("account_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_name_idx" ON "mailing_lists" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailing_contacts" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "mailing_contacts" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailing_list_contact" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "mailing_list_contact" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mailing_lists" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "mailing_lists" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
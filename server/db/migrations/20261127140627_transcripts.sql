CREATE TABLE "transcripts" (
	"account_id" uuid NOT NULL,
	"media_id" uuid NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"segments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"edited_at" timestamp with time zone,
	"edited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(text, ''))) STORED,
	CONSTRAINT "transcripts_account_id_media_id_pk" PRIMARY KEY("account_id","media_id")
);
--> statement-breakpoint
ALTER TABLE "transcripts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_account_id_media_id_media_account_id_id_fk" FOREIGN KEY ("account_id","media_id") REFERENCES "public"."media"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcripts_search_idx" ON "transcripts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "transcripts_text_trgm_idx" ON "transcripts" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "transcripts" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "transcripts" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
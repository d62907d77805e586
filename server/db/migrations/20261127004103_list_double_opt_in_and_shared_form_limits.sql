DROP POLICY "tenant_isolation" ON "form_submit_windows" CASCADE;--> statement-breakpoint
DROP POLICY "platform_access" ON "form_submit_windows" CASCADE;--> statement-breakpoint
DROP TABLE "form_submit_windows" CASCADE;--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ADD COLUMN "status" text DEFAULT 'subscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "mailing_list_contact" ADD COLUMN "confirmed_at" timestamp with time zone;
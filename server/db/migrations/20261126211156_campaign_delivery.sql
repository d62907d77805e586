ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD COLUMN "outbox_id" uuid;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "send_context" jsonb;
ALTER TABLE "ai_tasks" ADD COLUMN "error_reason" text;--> statement-breakpoint
ALTER TABLE "ai_tasks" ADD COLUMN "error_values" jsonb;
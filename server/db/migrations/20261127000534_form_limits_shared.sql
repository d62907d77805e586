DROP POLICY "tenant_isolation" ON "form_submit_windows" CASCADE;--> statement-breakpoint
DROP POLICY "platform_access" ON "form_submit_windows" CASCADE;--> statement-breakpoint
DROP TABLE "form_submit_windows" CASCADE;
-- PayPal settings saved from the owner's screen kept the webhook id among the secrets and the
-- environment under "mode", where the provider never looked (config.webhookId, config.apiBase), so
-- PayPal could not be switched on. Move them where they are read. The owner may update the row
-- only with row-level security not forced on it; the migrator forces it again right after.
ALTER TABLE "payment_settings" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "payment_settings"
SET
  "config" = ("config" - 'mode') || jsonb_strip_nulls(jsonb_build_object(
    'webhookId', coalesce(nullif("config"->>'webhookId', ''), nullif("secrets"->>'webhookId', '')),
    'apiBase', coalesce(nullif("config"->>'apiBase', ''), nullif("config"->>'mode', ''))
  )),
  "secrets" = "secrets" - 'webhookId',
  "updated_at" = now()
WHERE "provider" = 'paypal' AND ("secrets" ? 'webhookId' OR "config" ? 'mode');--> statement-breakpoint
ALTER TABLE "payment_settings" FORCE ROW LEVEL SECURITY;

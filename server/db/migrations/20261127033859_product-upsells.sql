CREATE TABLE "order_upsells" (
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"upsell_order_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_upsells_account_id_order_id_product_id_pk" PRIMARY KEY("account_id","order_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "order_upsells" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_product_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_headline" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_price" integer;--> statement-breakpoint
ALTER TABLE "order_upsells" ADD CONSTRAINT "order_upsells_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_upsells_decided_idx" ON "order_upsells" USING btree ("account_id","decided_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_upsells" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "order_upsells" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
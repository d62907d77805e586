CREATE TABLE "funnel_session_events" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"query" text DEFAULT '' NOT NULL,
	"revenue" integer,
	"order_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_session_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_session_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnel_sessions" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"funnel_id" uuid NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"initial_page" text DEFAULT '' NOT NULL,
	"current_node" text NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"device_info" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnel_sessions_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnel_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "funnels" (
	"account_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"utm_source" text NOT NULL,
	"utm_medium" text NOT NULL,
	"utm_campaign" text NOT NULL,
	"graph" jsonb DEFAULT '{"nodes":[],"edges":[]}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funnels_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "funnels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "funnel_session_events" ADD CONSTRAINT "funnel_session_events_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_session_events" ADD CONSTRAINT "funnel_session_events_account_id_session_id_funnel_sessions_account_id_id_fk" FOREIGN KEY ("account_id","session_id") REFERENCES "public"."funnel_sessions"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_sessions" ADD CONSTRAINT "funnel_sessions_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnel_sessions" ADD CONSTRAINT "funnel_sessions_account_id_funnel_id_funnels_account_id_id_fk" FOREIGN KEY ("account_id","funnel_id") REFERENCES "public"."funnels"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funnels" ADD CONSTRAINT "funnels_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_session_events_step_idx" ON "funnel_session_events" USING btree ("account_id","session_id","node_id");--> statement-breakpoint
CREATE INDEX "funnel_sessions_funnel_idx" ON "funnel_sessions" USING btree ("account_id","funnel_id","started_at");--> statement-breakpoint
CREATE INDEX "funnels_created_idx" ON "funnels" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "funnels_live_utm_idx" ON "funnels" USING btree ("account_id","utm_source","utm_medium","utm_campaign") WHERE status = 'live';--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "funnel_session_events" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "funnel_session_events" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "funnel_sessions" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "funnel_sessions" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "funnels" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "funnels" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
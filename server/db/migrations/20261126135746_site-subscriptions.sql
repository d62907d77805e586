CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"site_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_subscriptions" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"plan_id" uuid NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"trial_ends_at" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"requested_plan_id" uuid,
	"requested_period" text,
	"requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_subscriptions_period_check" CHECK (period in ('monthly', 'annual', 'onetime')),
	CONSTRAINT "site_subscriptions_status_check" CHECK (status in ('trialing', 'active', 'past_due', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD CONSTRAINT "site_subscriptions_site_id_accounts_account_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_site_idx" ON "audit_log" USING btree ("site_id","created_at");
CREATE TABLE "platform_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "platform_invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"period" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"subscription_ref" text,
	"by_email" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "platform_invoices_status_check" CHECK (status in ('open', 'paid', 'void')),
	CONSTRAINT "platform_invoices_period_check" CHECK (period in ('monthly', 'annual', 'onetime'))
);
--> statement-breakpoint
CREATE TABLE "platform_payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"site_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_subscriptions" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "platform_invoices" ADD CONSTRAINT "platform_invoices_site_id_accounts_account_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_invoices_site_idx" ON "platform_invoices" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE INDEX "platform_invoices_time_idx" ON "platform_invoices" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "platform_invoices_ref_idx" ON "platform_invoices" USING btree ("provider_ref");
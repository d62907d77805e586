CREATE TABLE "site_suspensions" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"suspended_by_email" text NOT NULL,
	"suspended_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_suspensions" ADD CONSTRAINT "site_suspensions_site_id_accounts_account_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;
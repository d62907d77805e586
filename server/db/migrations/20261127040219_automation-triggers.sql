CREATE TABLE "course_wishlist" (
	"account_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_wishlist_account_id_user_id_course_id_pk" PRIMARY KEY("account_id","user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "course_wishlist" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "drip_releases" (
	"account_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drip_releases_account_id_course_id_student_id_item_id_pk" PRIMARY KEY("account_id","course_id","student_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "drip_releases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_price" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_announced_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_wishlist" ADD CONSTRAINT "course_wishlist_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_wishlist" ADD CONSTRAINT "course_wishlist_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_releases" ADD CONSTRAINT "drip_releases_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drip_releases" ADD CONSTRAINT "drip_releases_account_id_course_id_courses_account_id_id_fk" FOREIGN KEY ("account_id","course_id") REFERENCES "public"."courses"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_wishlist_user_idx" ON "course_wishlist" USING btree ("account_id","user_id","created_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_check" CHECK (sale_price is null or (sale_price >= 0 and sale_starts_at < sale_ends_at));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "course_wishlist" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "course_wishlist" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "drip_releases" AS PERMISSIVE FOR ALL TO "atrium_tenant" USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid) WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "platform_access" ON "drip_releases" AS PERMISSIVE FOR ALL TO "atrium_platform" USING (true) WITH CHECK (true);
// The scene of `npm run bench:load`, written straight into the database through the project's own
// builders before any server starts: one site with a published course of several units, a bonus
// course sold by a one-time product (offline payment and a 100 % coupon, so checkout works with no
// payment provider), published posts to search, and LOAD_MEMBERS students enrolled in the course.
// Started by bench/load.mjs as `node --import tsx bench/load/seed.ts`; prints one JSON line.
import { sql } from "drizzle-orm";
import { PLAN_IDS } from "../../core/plans";
import { createAuth } from "../../server/auth/auth";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";
import { migrateDatabase, underStartupLock } from "../../server/db/migrate";
import { withTenant } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { billing } from "../../server/modules/billing";
import { options } from "../../server/modules/options";
import { buildMember, buildSite, buildUser } from "../../server/seed/builders";
import { buildCoupon, buildPaymentSettings, buildProduct } from "../../server/seed/commerce-builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";

const slug = process.env.LOAD_SITE_SLUG ?? "";
const memberCount = Number(process.env.LOAD_MEMBERS ?? 500);
const postCount = Number(process.env.LOAD_POSTS ?? 300);
const password = process.env.LOAD_PASSWORD ?? "";
if (!process.env.DATABASE_URL || !slug || !password || !(memberCount > 0)) {
  throw new Error("bench/load/seed.ts needs DATABASE_URL, LOAD_SITE_SLUG, LOAD_PASSWORD and LOAD_MEMBERS");
}

const SUBJECTS = ["Python", "Design", "Marketing", "Photography", "Guitar", "Spanish", "Statistics", "Writing"];
const ANGLES = ["basics", "patterns", "for teams", "in practice", "mistakes to avoid", "a field guide", "deep dive"];
const UNITS = [
  ["Getting started", ["Why this course", "Setting up", "Your first sketch"]],
  ["Core skills", ["Light and shadow", "Composition", "Colour"]],
  ["Putting it together", ["A small project", "Critique and next steps"]],
] as const;

const paragraphs = (title: string) =>
  Array.from(
    { length: 4 },
    (_, i) => `<p>${title}, part ${i + 1}. ${"Practise a little every day. ".repeat(12)}</p>`,
  ).join("");

/** Runs `fn` over `items`, `width` at a time (the pool has 10 connections). */
async function inBatches<T>(items: T[], width: number, fn: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += width) await Promise.all(items.slice(i, i + width).map(fn));
}

const cfg = loadConfig({ ...process.env, LOG_LEVEL: "warn" }, []);
const database = await openDatabase({ url: process.env.DATABASE_URL, poolSize: 10 });
try {
  const started = Date.now();
  await migrateDatabase(database);
  // What a server does at start before it seeds (main.ts): the platform and the plans.
  await underStartupLock(database, async () => {
    const platform = await accounts.ensurePlatform(database.db);
    await options.seedDefaults(database.db, platform.accountId);
    await billing.syncPlans(database.db);
  });
  const auth = createAuth(cfg, database);

  const owner = await buildUser(auth, { email: `owner@${slug}.test`, name: "Load Owner", password });
  const site = await buildSite(database.db, owner, { slug, sitetitle: "Load School", plan: PLAN_IDS.lifetime });
  const instructor = await buildUser(auth, { email: `instructor@${slug}.test`, name: "Ines Instructor", password });
  const instructorMember = await buildMember(database.db, site, instructor, "instructor");

  const course = await buildCourse(database.db, site, instructor, {
    title: "Drawing From Life",
    slug: "drawing-from-life",
    excerpt: "Eight short units from a first sketch to a finished drawing.",
    description: "<p>A course every member of the load test is enrolled in.</p>",
    curriculum: UNITS.flatMap(([section, units]) => [
      { section },
      ...units.map((unit) => ({ unit, content: paragraphs(unit) })),
    ]),
  });
  const bonus = await buildCourse(database.db, site, instructor, {
    title: "Ink Techniques",
    slug: "ink-techniques",
    excerpt: "A bonus course sold in the shop.",
    curriculum: [{ section: "Ink" }, { unit: "Pens and brushes" }, { unit: "Washes" }],
  });
  const product = await buildProduct(database.db, site, {
    title: "Ink Techniques — lifetime access",
    slug: "ink-techniques-lifetime",
    description: "The bonus course, for good.",
    amount: 2900,
    featured: true,
    courseIds: [bonus.course.id],
  });
  const freeCoupon = await buildCoupon(database.db, site, {
    name: "LOADFREE",
    discountType: "percentage",
    amount: 100,
  });
  await buildCoupon(database.db, site, { name: "LOAD10", discountType: "percentage", amount: 10 });
  await buildPaymentSettings(database.db, site, "offline", {
    config: { instructions: "Pay by bank transfer, quoting your order number." },
  });

  // Posts in one INSERT … SELECT, titles mixing a few words so that search terms hit some of them.
  const subjects = `{${SUBJECTS.map((s) => `"${s}"`).join(",")}}`;
  const angles = `{${ANGLES.map((s) => `"${s}"`).join(",")}}`;
  await withTenant(database.db, site.accountId, (tx) =>
    tx.execute(sql`
      insert into posts (account_id, slug, title, excerpt, content, status, author_id, published_at, updated_at)
      select ${site.accountId}::uuid,
             'post-' || i,
             (${subjects}::text[])[1 + i % 8] || ' ' || (${angles}::text[])[1 + i % 7] || ', part ' || i,
             'Notes number ' || i || ' of a long-running series.',
             '<p>Post number ' || i || '. ' || repeat('Some words about the subject at hand. ', 40) || '</p>',
             'published',
             ${instructorMember.id}::uuid,
             now() - (i || ' minutes')::interval,
             now() - (i || ' minutes')::interval
      from generate_series(1, ${postCount}::int) as i`),
  );

  // Members: one password hash for all (argon2 takes tens of milliseconds each), then the
  // project's builders for the member row and the enrolment.
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(password);
  const indexes = Array.from({ length: memberCount }, (_, i) => i + 1);
  await inBatches(indexes, 8, async (i) => {
    const email = `member-${i}@${slug}.test`;
    const user = await ctx.internalAdapter.createUser(
      { email, name: `Member ${i}`, emailVerified: true },
      { method: "email" },
    );
    await ctx.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: hash,
    });
    await buildMember(database.db, site, { id: user.id, name: `Member ${i}`, email, password });
    await buildEnrolment(database.db, site, course.course.id, user.id, { status: 1 });
  });
  await database.sql("analyze");

  process.stdout.write(
    `${JSON.stringify({
      accountId: site.accountId,
      slug,
      course: { id: course.course.id, slug: course.course.slug, itemIds: course.itemIds },
      bonusCourse: { id: bonus.course.id, slug: bonus.course.slug },
      product: { id: product.id, slug: product.slug },
      coupons: { free: freeCoupon.name, discount: "LOAD10" },
      posts: postCount,
      postSlugPrefix: "post-",
      searchTerms: ["python", "photo", "field guide", "part 42", "mistak", "drawing", "ink"],
      members: memberCount,
      memberEmail: `member-{i}@${slug}.test`,
      seconds: (Date.now() - started) / 1000,
    })}\n`,
  );
} finally {
  await database.close();
}

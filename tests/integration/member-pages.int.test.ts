// Member-only pages (spec §3 memberships): a page one of the site's memberships keeps is read by the
// site's managers and the members holding that membership now; anyone else (a visitor, a member
// without it, a member whose membership ended) gets the notice with the products that give access,
// never the content, never a cacheable response; and the sitemap leaves such pages out.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "../../app/routes/public/page";
import { memberMemberships } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import type { AtriumLoadContext } from "../../server/http/load-context";
import { markOrderPaid, placeOrder } from "../../server/modules/commerce";
import { pages } from "../../server/modules/pages";
import { buildMembership, buildProduct } from "../../server/seed/commerce-builders";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { withLoadContext } from "./load-context-app";
import { body, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let run: ReturnType<typeof withLoadContext>;
let holder: Awaited<ReturnType<typeof memberOf>>;
let lapsed: Awaited<ReturnType<typeof memberOf>>;
let other: Awaited<ReturnType<typeof memberOf>>;
let pageSlug: string;
let publicSlug: string;
let productSlug: string;
let membershipId: string;

const SECRET = "The secret glaze recipe";
const doc = (text: string) => ({
  content: [{ type: "RichText", props: { id: "RichText-1", html: `<p>${text}</p>` } }],
  root: { props: {} },
});

async function publishedPage(slug: string, text: string) {
  const p = await pages.create(t.database.db, A.site, {
    kind: "page",
    title: slug,
    slug,
    document: doc(text),
  });
  await pages.setStatus(t.database.db, A.site.accountId, p.id, "published");
  return p;
}

beforeAll(async () => {
  t = await startTestPlatform();
  run = withLoadContext(t);
  A = await siteWithOwner(t, "mpages");
  holder = await memberOf(t, A.site, "student", "holder");
  lapsed = await memberOf(t, A.site, "student", "lapsed");
  other = await memberOf(t, A.site, "student", "nonholder");
  pageSlug = `recipes-${uid()}`;
  publicSlug = `open-${uid()}`;
  const gated = await publishedPage(pageSlug, SECRET);
  await publishedPage(publicSlug, "Open to all");
  const m = await buildMembership(t.database.db, A.site, { title: "Studio club", pageIds: [gated.id] });
  membershipId = m.id;
  productSlug = `club-${uid()}`;
  const product = await buildProduct(t.database.db, A.site, {
    title: "Studio club pass",
    slug: productSlug,
    amount: 1200,
    membershipIds: [m.id],
  });
  await buildProduct(t.database.db, A.site, { title: "Unrelated", amount: 500 });
  for (const who of [holder, lapsed]) {
    const { order } = await placeOrder(t.database.db, A.site.accountId, {
      userId: who.user.id,
      productIds: [product.id],
      provider: "offline",
      origin: "https://example.test",
    });
    await markOrderPaid(t.database.db, A.site.accountId, order.orderId, { source: "owner" });
  }
  await withTenant(t.database.db, A.site.accountId, (tx) =>
    tx
      .update(memberMemberships)
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where(and(eq(memberMemberships.userId, lapsed.user.id), eq(memberMemberships.membershipId, m.id))),
  );
});
afterAll(async () => {
  await t?.close();
});

type Shown = { status: number; cacheControl: string | null; text: string | null; locked: unknown };

/** Runs the public page's loader as `cookie`'s holder would, answering what it would show. */
async function view(cookie: string | undefined, slug: string): Promise<Shown> {
  const res = await run(A.site.slug, cookie, async (ctx: AtriumLoadContext) => {
    const out = (await loader({
      context: ctx,
      request: new Request(`${t.origin(A.site.slug)}/${slug}`),
      params: { pageSlug: slug },
    } as unknown as Parameters<typeof loader>[0])) as unknown;
    // data(…, init) answers { data, init }; a plain object is the data itself.
    const wrapped = out as { data?: unknown; init?: { headers?: Record<string, string> } };
    const d = (wrapped.init ? wrapped.data : out) as { document: unknown; locked: unknown };
    return {
      cacheControl: wrapped.init?.headers?.["Cache-Control"] ?? null,
      text: d.document ? JSON.stringify(d.document) : null,
      locked: d.locked,
    };
  });
  const b = await body(res);
  return { status: res.status, ...b.result };
}

describe("a member-only page", () => {
  it("shows its content to a holder of the membership and to the owner, never cacheable", async () => {
    const seen = await view(holder.cookie, pageSlug);
    expect(seen.text).toContain(SECRET);
    expect(seen.locked).toBeNull();
    expect(seen.cacheControl).toBe("private, no-store");
    expect((await view(A.ownerCookie, pageSlug)).text).toContain(SECRET);
  });

  it("shows a visitor, a non-holder and a lapsed holder the notice with the products that give access", async () => {
    for (const cookie of [undefined, other.cookie, lapsed.cookie]) {
      const seen = await view(cookie, pageSlug);
      expect(seen.text).toBeNull();
      expect(JSON.stringify(seen)).not.toContain(SECRET);
      expect(seen.cacheControl).toBe("private, no-store");
      expect(seen.locked).toMatchObject({
        title: pageSlug,
        products: [{ title: "Studio club pass", slug: productSlug }],
        signedIn: Boolean(cookie),
      });
    }
  });

  it("leaves other pages alone, and the sitemap lists only the public one", async () => {
    const open = await view(undefined, publicSlug);
    expect(open).toMatchObject({ cacheControl: null, locked: null });
    expect(open.text).toContain("Open to all");
    const xml = await (await t.request(A.site.slug, "/sitemap.xml")).text();
    expect(xml).toContain(`/${publicSlug}</loc>`);
    expect(xml).not.toContain(`/${pageSlug}</loc>`);
  });

  it("is closed again to a holder once the membership is revoked", async () => {
    await withTenant(t.database.db, A.site.accountId, (tx) =>
      tx
        .update(memberMemberships)
        .set({ status: "revoked" })
        .where(and(eq(memberMemberships.userId, holder.user.id), eq(memberMemberships.membershipId, membershipId))),
    );
    expect((await view(holder.cookie, pageSlug)).text).toBeNull();
  });
});

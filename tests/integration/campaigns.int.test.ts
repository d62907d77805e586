// E-mail campaigns (decision 0041): a campaign needs a name, its body is sanitised and its audience
// names only the site's lists; it can be edited only while a draft or scheduled; the audience size
// counts each active contact once whatever lists and tags reach it; a schedule must be in the
// future; another site's campaign is not found; and a plan without `emails` refuses.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { emailCampaignRecipients, emailCampaigns, mailingContacts, mailingListContact } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, expectError, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "camp-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "camp-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

type Campaign = {
  id: string;
  name: string;
  status: string;
  bodyHtml: string;
  editable: boolean;
  audience: { listIds: string[]; tags: string[] };
  scheduledAt: string | null;
  stats: Record<string, number>;
};

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

async function ok<T = Campaign>(res: Response, status = 200): Promise<T> {
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(status);
  return b as T;
}

async function newList(s: SiteWithOwner) {
  return ok<{ id: string }>(await api(s, "/lists", { json: { name: `List ${uid()}` } }), 201);
}

/** A contact written straight to the table (the verification of addresses is the audience's test). */
async function contact(s: SiteWithOwner, opts: { status?: number; tags?: string[]; lists?: string[] } = {}) {
  return withPlatform(t.database.db, async (tx) => {
    const [row] = await tx
      .insert(mailingContacts)
      .values({
        accountId: s.site.accountId,
        email: `c-${uid()}@school.org`,
        name: "Ada Reader",
        status: opts.status ?? 1,
        tags: opts.tags ?? [],
      })
      .returning({ id: mailingContacts.id });
    for (const listId of opts.lists ?? []) {
      await tx.insert(mailingListContact).values({ accountId: s.site.accountId, listId, contactId: row!.id });
    }
    return row!.id;
  });
}

async function setStatus(s: SiteWithOwner, id: string, status: "sending" | "sent") {
  await withPlatform(t.database.db, (tx) =>
    tx
      .update(emailCampaigns)
      .set({ status })
      .where(and(eq(emailCampaigns.accountId, s.site.accountId), eq(emailCampaigns.id, id))),
  );
}

describe("writing a campaign", () => {
  it("creates a draft with a sanitised body and lists it with its stats", async () => {
    const c = await ok(
      await api(A, "/campaigns", {
        json: {
          name: " November news ",
          subject: "Hello {{contact.first_name}}",
          bodyHtml: '<p onclick="x()">Hi {{contact.name}}</p><script>alert(1)</script>',
        },
      }),
      201,
    );
    expect(c).toMatchObject({ name: "November news", status: "draft", editable: true });
    expect(c.bodyHtml).toContain("Hi {{contact.name}}");
    expect(c.bodyHtml).not.toMatch(/script|onclick/);
    expect(c.stats).toMatchObject({ recipients: 0, sent: 0, opened: 0, clicked: 0, openRate: 0 });
    const list = await ok<{ items: Campaign[] }>(await api(A, "/campaigns"));
    expect(list.items.map((i) => i.id)).toContain(c.id);
  });

  it("refuses a campaign without a name, naming the field", async () => {
    const err = await expectError(await api(A, "/campaigns", { json: { name: "  " } }), 422, "validation_failed");
    expect(err.details).toEqual([{ field: "name", message: expect.any(String) }]);
  });

  it("refuses an audience naming a list the site does not have, also another site's", async () => {
    const theirs = await newList(B);
    const err = await expectError(
      await api(A, "/campaigns", { json: { name: "x", audience: { listIds: [theirs.id], tags: [] } } }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([{ field: "audience.listIds", message: expect.stringContaining(theirs.id) }]);
  });

  it("edits a draft, and refuses any change once sending or sent with a clear 409", async () => {
    const list = await newList(A);
    const c = await ok(await api(A, "/campaigns", { json: { name: "Locked" } }), 201);
    const edited = await ok(
      await api(A, `/campaigns/${c.id}`, {
        method: "PATCH",
        json: { subject: "New subject", audience: { listIds: [list.id], tags: ["vip"] } },
      }),
    );
    expect(edited.audience).toEqual({ listIds: [list.id], tags: ["vip"] });
    await setStatus(A, c.id, "sent");
    const err = await expectError(
      await api(A, `/campaigns/${c.id}`, { method: "PATCH", json: { subject: "Too late" } }),
      409,
      "conflict",
    );
    expect(err.message).toMatch(/sent.*can no longer be changed/);
    expect((await ok(await api(A, `/campaigns/${c.id}`))).editable).toBe(false);
    await expectError(await api(A, `/campaigns/${c.id}/send`, { method: "POST" }), 409, "conflict");
  });

  it("duplicates a sent campaign as a new draft, and deletes campaigns but not while sending", async () => {
    const c = await ok(await api(A, "/campaigns", { json: { name: "Spring", subject: "S" } }), 201);
    await setStatus(A, c.id, "sending");
    const copy = await ok(await api(A, `/campaigns/${c.id}/duplicate`, { method: "POST" }), 201);
    expect(copy).toMatchObject({ name: "Spring (copy)", status: "draft", editable: true });
    await expectError(await api(A, `/campaigns/${c.id}`, { method: "DELETE" }), 409, "conflict");
    expect((await api(A, `/campaigns/${copy.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/campaigns/${copy.id}`), 404, "not_found");
  });
});

describe("audience size", () => {
  it("counts each active contact once, across overlapping lists and tags", async () => {
    const l1 = await newList(A);
    const l2 = await newList(A);
    const tag = `t${uid()}`;
    await contact(A, { lists: [l1.id, l2.id] }); // on both lists
    await contact(A, { lists: [l1.id], tags: [tag] }); // on a list and tagged
    await contact(A, { tags: [tag] }); // tagged only
    await contact(A, { lists: [l2.id], status: 0 }); // inactive: not counted
    await contact(A, { tags: [tag], status: 0 }); // inactive: not counted
    await contact(A, {}); // neither
    const size = (audience: unknown) => api(A, "/campaigns/audience-size", { json: audience });
    expect(await ok(await size({ listIds: [l1.id, l2.id], tags: [tag] }))).toEqual({ recipients: 3 });
    expect(await ok(await size({ listIds: [l2.id], tags: [] }))).toEqual({ recipients: 1 });
    expect(await ok(await size({ listIds: [], tags: [tag] }))).toEqual({ recipients: 2 });
    expect(await ok(await size({ listIds: [], tags: [] }))).toEqual({ recipients: 0 });

    const c = await ok(
      await api(A, "/campaigns", { json: { name: "Sized", audience: { listIds: [l1.id], tags: [tag] } } }),
      201,
    );
    expect(await ok(await api(A, `/campaigns/${c.id}/audience-size`))).toEqual({ recipients: 3 });
  });
});

describe("scheduling", () => {
  it("schedules at a future time, refuses a past one naming the field, and unschedules back to a draft", async () => {
    const c = await ok(await api(A, "/campaigns", { json: { name: "Later" } }), 201);
    const past = new Date(Date.now() - 60_000).toISOString();
    const err = await expectError(
      await api(A, `/campaigns/${c.id}/schedule`, { json: { scheduledAt: past } }),
      422,
      "validation_failed",
    );
    expect(err.details).toEqual([{ field: "scheduledAt", message: expect.stringMatching(/future/) }]);
    await expectError(
      await api(A, `/campaigns/${c.id}/schedule`, { json: { scheduledAt: "tomorrow-ish" } }),
      422,
      "validation_failed",
    );
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const s = await ok(await api(A, `/campaigns/${c.id}/schedule`, { json: { scheduledAt: at } }));
    expect(s).toMatchObject({ status: "scheduled", scheduledAt: at, editable: true });
    const d = await ok(await api(A, `/campaigns/${c.id}/unschedule`, { method: "POST" }));
    expect(d).toMatchObject({ status: "draft", scheduledAt: null });
    await expectError(await api(A, `/campaigns/${c.id}/unschedule`, { method: "POST" }), 409, "conflict");
  });
});

describe("recipients", () => {
  it("pages a campaign's recipients and filters them by opened and clicked", async () => {
    const c = await ok(await api(A, "/campaigns", { json: { name: "Tracked" } }), 201);
    const c1 = await contact(A);
    const c2 = await contact(A);
    await withPlatform(t.database.db, (tx) =>
      tx.insert(emailCampaignRecipients).values([
        {
          accountId: A.site.accountId,
          campaignId: c.id,
          contactId: c1,
          email: "one@school.org",
          token: `tok-${uid()}`,
          status: "sent",
          sentAt: new Date(),
          openedAt: new Date(),
        },
        {
          accountId: A.site.accountId,
          campaignId: c.id,
          contactId: c2,
          email: "two@school.org",
          token: `tok-${uid()}`,
          status: "failed",
          error: "mailbox full",
        },
      ]),
    );
    type Page = { items: { email: string; status: string; name: string }[]; total: number };
    const all = await ok<Page>(await api(A, `/campaigns/${c.id}/recipients`));
    expect(all.total).toBe(2);
    expect(all.items[0]).toMatchObject({ email: "one@school.org", name: "Ada Reader", status: "sent" });
    const opened = await ok<Page>(await api(A, `/campaigns/${c.id}/recipients?opened=true`));
    expect(opened.items.map((i) => i.email)).toEqual(["one@school.org"]);
    const failed = await ok<Page>(await api(A, `/campaigns/${c.id}/recipients?status=failed`));
    expect(failed.items.map((i) => i.email)).toEqual(["two@school.org"]);
    expect((await ok<Page>(await api(A, `/campaigns/${c.id}/recipients?clicked=true`))).total).toBe(0);
  });
});

describe("whose campaigns", () => {
  it("answers 404 for another site's campaign, whatever is asked", async () => {
    const c = await ok(await api(A, "/campaigns", { json: { name: "Mine" } }), 201);
    await expectError(await api(B, `/campaigns/${c.id}`), 404, "not_found");
    await expectError(await api(B, `/campaigns/${c.id}`, { method: "PATCH", json: { name: "x" } }), 404, "not_found");
    await expectError(await api(B, `/campaigns/${c.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(B, `/campaigns/${c.id}/send`, { method: "POST" }), 404, "not_found");
    await expectError(await api(B, `/campaigns/${c.id}/recipients`), 404, "not_found");
    expect((await api(A, `/campaigns/${c.id}`)).status).toBe(200);
  });

  it("refuses a site whose plan lacks e-mails with plan_required", async () => {
    const noPlan = await siteWithOwner(t, "camp-none", { plan: null });
    await expectError(await api(noPlan, "/campaigns"), 403, "plan_required");
    await expectError(await api(noPlan, "/campaigns", { json: { name: "x" } }), 403, "plan_required");
  });

  it("is for managers only", async () => {
    const res = await t.request(A.site.slug, "/api/v1/campaigns");
    expect(res.status).toBe(401);
  });
});

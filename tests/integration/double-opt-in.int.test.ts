// Double opt-in (decision 0036): a contact put on a double opt-in list — by the API, the contact
// screens' bulk action or a form — is pending there and gets one confirmation e-mail in the site's
// language, counted in the `emails` meter; campaigns do not reach it until it opens the signed link,
// which confirms it once. Another site does not know the link. A single opt-in list takes the contact at once and sends nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { confirmMembership } from "../../server/modules/audience";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "optin-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "optin-b", { plan: PLAN_IDS.professional });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await t.database.sql(text, params)).rows as T[];

async function newList(s: SiteWithOwner, optIn: "single" | "double") {
  const res = await api(s, "/lists", { json: { name: `List ${uid()}`, optIn } });
  expect(res.status).toBe(201);
  return (await body(res)) as { id: string; name: string };
}

async function newContact(s: SiteWithOwner, email = `p-${uid()}@example.org`) {
  const res = await api(s, "/contacts", { json: { email, name: "Pat" } });
  expect(res.status).toBe(201);
  return (await body(res)) as { id: string; email: string };
}

const confirmationsTo = (accountId: string, email: string) =>
  q<{ subject: string; text: string; html: string }>(
    "select subject, text, html from mail_outbox where account_id = $1 and to_address = $2 and kind = 'list_confirmation'",
    [accountId, email],
  );

const membership = async (accountId: string, listId: string, contactId: string) =>
  (
    await q<{ status: string }>(
      "select status from mailing_list_contact where account_id = $1 and list_id = $2 and contact_id = $3",
      [accountId, listId, contactId],
    )
  )[0]?.status;

const emailsUsed = async (accountId: string) =>
  Number(
    (
      await q<{ v: string }>(
        "select coalesce(sum(value), 0) as v from usage_meters where account_id = $1 and meter = 'emails'",
        [accountId],
      )
    )[0].v,
  );

const tokenIn = (text: string) => {
  const m = /https?:\/\/[^\s]+\/e\/confirm\/([0-9a-f]+)/.exec(text);
  if (!m) throw new Error(`no confirmation link in ${text}`);
  return m[1];
};

/** What opening the link does (the page itself is rendered in the browser tests). */
const open = (s: SiteWithOwner, token: string) =>
  confirmMembership(t.database.db, s.site.accountId, t.platform.cfg.authSecret, token);

const audienceSize = async (s: SiteWithOwner, listId: string) =>
  (
    (await body(await api(s, "/campaigns/audience-size", { json: { listIds: [listId], tags: [] } }))) as {
      recipients: number;
    }
  ).recipients;

describe("double opt-in lists", () => {
  it("keeps an added contact pending, mails the link, and confirms it once when the link is opened", async () => {
    const list = await newList(A, "double");
    const contact = await newContact(A);
    const before = await emailsUsed(A.site.accountId);

    const add = await api(A, `/lists/${list.id}/contacts`, { json: { contactIds: [contact.id] } });
    expect(add.status).toBe(200);
    expect(await membership(A.site.accountId, list.id, contact.id)).toBe("pending");
    const lists = (await body(await api(A, "/lists"))) as { items?: unknown[] } | unknown[];
    const items = (Array.isArray(lists) ? lists : (lists.items ?? [])) as {
      id: string;
      pending: number;
      contacts: number;
    }[];
    expect(items.find((l) => l.id === list.id)).toMatchObject({ contacts: 1, pending: 1 });

    const [mailed, ...more] = await confirmationsTo(A.site.accountId, contact.email);
    expect(more).toHaveLength(0);
    expect(mailed.subject).toContain(A.site.settings.sitetitle || A.site.slug);
    expect(mailed.html).toContain("/e/confirm/");
    expect(await emailsUsed(A.site.accountId)).toBe(before + 1);

    // Not a campaign recipient while pending.
    expect(await audienceSize(A, list.id)).toBe(0);

    // Adding again sends nothing more.
    await api(A, `/lists/${list.id}/contacts`, { json: { contactIds: [contact.id] } });
    expect(await confirmationsTo(A.site.accountId, contact.email)).toHaveLength(1);

    const token = tokenIn(mailed.text);
    expect(mailed.text).toContain(`${t.origin(A.site.slug)}/e/confirm/${token}`);
    // Another site does not know the link, and confirms nothing.
    expect(await open(B, token)).toBeNull();
    expect(await membership(A.site.accountId, list.id, contact.id)).toBe("pending");

    expect(await open(A, token)).toEqual({ listName: list.name, email: contact.email });
    expect(await membership(A.site.accountId, list.id, contact.id)).toBe("subscribed");
    expect(await audienceSize(A, list.id)).toBe(1);

    expect(await open(A, token)).toEqual({ listName: list.name, email: contact.email });
    const confirmed = await q(
      "select 1 from mailing_contact_events where account_id = $1 and contact_id = $2 and kind = 'list_confirmed'",
      [A.site.accountId, contact.id],
    );
    expect(confirmed).toHaveLength(1);

    // A changed link is not valid.
    expect(await open(A, `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`)).toBeNull();
  });

  it("puts a contact on a single opt-in list at once, without mail", async () => {
    const list = await newList(A, "single");
    const contact = await newContact(A);
    const res = await api(A, "/contacts/bulk", { json: { action: "add_to_list", listId: list.id, ids: [contact.id] } });
    expect(res.status).toBe(200);
    expect(await membership(A.site.accountId, list.id, contact.id)).toBe("subscribed");
    expect(await confirmationsTo(A.site.accountId, contact.email)).toHaveLength(0);
    expect(await audienceSize(A, list.id)).toBe(1);
  });

  it("the contacts screens' bulk action on a double list also waits for the confirmation", async () => {
    const list = await newList(A, "double");
    const contact = await newContact(A);
    await api(A, "/contacts/bulk", { json: { action: "add_to_list", listId: list.id, ids: [contact.id] } });
    expect(await membership(A.site.accountId, list.id, contact.id)).toBe("pending");
    expect(await confirmationsTo(A.site.accountId, contact.email)).toHaveLength(1);
  });

  it("a form submission to a double opt-in list is pending until confirmed", async () => {
    const list = await newList(A, "double");
    const single = await newList(A, "single");
    const fields = [{ type: "email", name: "email", label: "E-mail", required: true }];
    const made = await api(A, "/forms", {
      json: { name: `Form ${uid()}`, fields, settings: { listIds: [list.id, single.id] } },
    });
    expect(made.status).toBe(201);
    const form = (await body(made)) as { id: string };
    const email = `f-${uid()}@example.org`;
    const res = await t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
      json: { email },
      headers: { origin: "https://elsewhere.example", "x-test-client-ip": `v-${uid()}` },
    });
    expect(res.status).toBe(200);
    const [c] = await q<{ id: string }>("select id from mailing_contacts where account_id = $1 and email = $2", [
      A.site.accountId,
      email,
    ]);
    expect(await membership(A.site.accountId, list.id, c.id)).toBe("pending");
    expect(await membership(A.site.accountId, single.id, c.id)).toBe("subscribed");
    const [mailed, ...more] = await confirmationsTo(A.site.accountId, email);
    expect(more).toHaveLength(0);
    expect(await open(A, tokenIn(mailed.text))).not.toBeNull();
    expect(await membership(A.site.accountId, list.id, c.id)).toBe("subscribed");
  });

  it("a tag does not reach a contact who has yet to confirm every list they joined", async () => {
    const list = await newList(A, "double");
    const tag = `t${uid()}`.toLowerCase();
    const fields = [{ type: "email", name: "email", label: "E-mail", required: true }];
    const made = await api(A, "/forms", {
      json: { name: `Form ${uid()}`, fields, settings: { listIds: [list.id], tags: [tag] } },
    });
    const form = (await body(made)) as { id: string };
    const email = `g-${uid()}@example.org`;
    await t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
      json: { email },
      headers: { origin: "https://elsewhere.example", "x-test-client-ip": `v-${uid()}` },
    });
    // Tagged by the owner, on no list: reached by the tag.
    const manual = await newContact(A);
    await api(A, "/contacts/bulk", { json: { action: "add_tag", tag, ids: [manual.id] } });
    const byTag = async () =>
      (
        (await body(await api(A, "/campaigns/audience-size", { json: { listIds: [], tags: [tag] } }))) as {
          recipients: number;
        }
      ).recipients;
    expect(await byTag()).toBe(1);

    // The campaign queued to the tag goes to the owner's contact only.
    const campaign = (await body(
      await api(A, "/campaigns", {
        json: { name: "Tagged", subject: "Hello", bodyHtml: "<p>Hi</p>", audience: { listIds: [], tags: [tag] } },
      }),
    )) as { id: string };
    const sent = await api(A, `/campaigns/${campaign.id}/send`, { method: "POST" });
    expect(sent.status).toBeLessThan(300);
    const recipients = await q<{ email: string }>(
      "select email from email_campaign_recipients where account_id = $1 and campaign_id = $2",
      [A.site.accountId, campaign.id],
    );
    expect(recipients.map((r) => r.email)).toEqual([manual.email]);

    const [mailed] = await confirmationsTo(A.site.accountId, email);
    await open(A, tokenIn(mailed.text));
    expect(await byTag()).toBe(2);
  });
});

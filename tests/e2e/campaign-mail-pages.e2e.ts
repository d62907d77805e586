// The pages a contact reaches from e-mail, in the site's own layout (its header with its name, its
// footer): the double opt-in confirmation link confirms and says so; the unsubscribe link asks, its
// button unsubscribes and the page says it is done; an unknown link is a 404 in the same layout.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { mailingLists } from "../../server/modules/audience";
import { axeCheck } from "./axe";
import { hydrated, latestMail, open, setupE2E, uid } from "./fixtures";

const e2e = setupE2E();
const g = en.audienceGaps;
const u = en.unsubscribe;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await e2e.t.database.sql(text, params)).rows as T[];

async function newContact(accountId: string, email: string) {
  const [c] = await q<{ id: string }>(
    "insert into mailing_contacts (account_id, email, name) values ($1, $2, 'Robin') returning id",
    [accountId, email],
  );
  return c.id;
}

/** The site's own header (with its name) and footer surround the page. */
async function inSiteLayout(page: Page, sitetitle: string) {
  await page.locator("header.site-header").getByText(sitetitle).first().waitFor();
  expect(await page.locator("footer.site-footer").count()).toBe(1);
}

describe("pages reached from e-mail", () => {
  it("a double opt-in link confirms the contact on a page of the site's layout", async () => {
    const sitetitle = `Garden School ${uid()}`;
    const { site, origin } = await e2e.newSite("optin", { sitetitle, plan: PLAN_IDS.professional });
    const list = await mailingLists.create(e2e.t.database.db, site.accountId, { name: "Weekly", optIn: "double" });
    const email = `robin-${uid()}@example.org`;
    const contactId = await newContact(site.accountId, email);
    await mailingLists.addContacts(e2e.t.database.db, site.accountId, list.id, [contactId], {
      origin,
      siteName: sitetitle,
      lang: "en",
      secret: e2e.t.platform.cfg.authSecret,
    });
    const mail = await latestMail(e2e.t, email, "list_confirmation");
    const link = /https?:\/\/\S+\/e\/confirm\/[0-9a-f]+/.exec(mail?.text ?? "")?.[0];
    expect(link).toBeTruthy();

    const page = await e2e.newPage();
    await open(page, link as string);
    await page.getByRole("heading", { name: g.confirmTitle }).waitFor();
    await page.getByText(g.confirmDone.replace("{{email}}", email).replace("{{list}}", "Weekly")).waitFor();
    await inSiteLayout(page, sitetitle);
    expect(await axeCheck(page)).toEqual([]);
    const [m] = await q<{ status: string }>(
      "select status from mailing_list_contact where account_id = $1 and list_id = $2 and contact_id = $3",
      [site.accountId, list.id, contactId],
    );
    expect(m.status).toBe("subscribed");

    // A link changed by one character is not valid, shown in the same layout.
    const res = await page.goto(`${(link as string).slice(0, -1)}${(link as string).endsWith("0") ? "1" : "0"}`);
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await page.getByRole("heading", { name: g.confirmNotFound }).waitFor();
    await inSiteLayout(page, sitetitle);
  });

  it("the unsubscribe link asks, then unsubscribes, in the site's layout", async () => {
    const sitetitle = `Pottery Club ${uid()}`;
    const { site, origin } = await e2e.newSite("unsub", { sitetitle, plan: PLAN_IDS.professional });
    const email = `sam-${uid()}@example.org`;
    const contactId = await newContact(site.accountId, email);
    const [c] = await q<{ id: string }>(
      "insert into email_campaigns (account_id, name, subject, body_html, status) values ($1, 'May', 'May', '<p>Hi</p>', 'sent') returning id",
      [site.accountId],
    );
    const token = randomBytes(32).toString("hex");
    await q(
      "insert into email_campaign_recipients (account_id, campaign_id, contact_id, email, token, status) values ($1, $2, $3, $4, $5, 'sent')",
      [site.accountId, c.id, contactId, email, token],
    );

    const page = await e2e.newPage();
    await open(page, `${origin}/e/u/${token}`);
    await page.getByRole("heading", { name: u.title }).waitFor();
    await page.getByText(u.question.replace("{{site}}", sitetitle).replace("{{email}}", email)).waitFor();
    await inSiteLayout(page, sitetitle);
    expect(await axeCheck(page)).toEqual([]);

    await page.getByRole("button", { name: u.confirm }).click();
    await page.waitForURL((url) => url.pathname === `/e/u/${token}` && url.searchParams.has("done"));
    await page.getByRole("status").getByText(u.done).waitFor();
    await inSiteLayout(page, sitetitle);
    const [contact] = await q<{ status: number }>(
      "select status from mailing_contacts where account_id = $1 and id = $2",
      [site.accountId, contactId],
    );
    expect(contact.status).toBe(0);

    const res = await page.goto(`${origin}/e/u/${"0".repeat(64)}`);
    expect(res?.status()).toBe(404);
    await hydrated(page);
    await page.getByRole("heading", { name: u.notFound }).waitFor();
    await inSiteLayout(page, sitetitle);
  });
});

// E-mail campaigns in a browser: the owner sees the empty state, writes a campaign to a list with
// a contact, sees the live recipient count, saves and previews it in the sandboxed frame; once the
// campaign is sent its screen is read-only, the reader's open and click of the delivered
// message move its stats cards. Checked with axe, and on a phone without sideways scrolling.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { emailCampaigns, mailingContacts, mailingListContact, mailingLists } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E } from "./fixtures";

let smtp: SmtpSink;
const e2e = setupE2E(async () => {
  smtp = await startSmtpSink();
  return { SMTP_URL: smtp.url };
});
afterAll(async () => {
  await smtp?.stop();
});

const waitFor = async <T>(fn: () => T | undefined, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting for the e-mail");
    await new Promise((r) => setTimeout(r, 200));
  }
};
const c = en.campaigns;

describe("e-mail campaigns", () => {
  it("the owner writes a campaign to a list, sees who it reaches, previews it, and follows its stats", async () => {
    const { site, owner, origin } = await e2e.newSite("campaigns", { plan: PLAN_IDS.starter });
    const db = e2e.t.database.db;
    const accountId = site.accountId;
    const list = await withPlatform(db, async (tx) => {
      const [l] = await tx.insert(mailingLists).values({ accountId, name: "Newsletter" }).returning();
      const [contact] = await tx
        .insert(mailingContacts)
        .values({ accountId, email: "reader@school.org", name: "Rita Reader" })
        .returning();
      await tx.insert(mailingListContact).values({ accountId, listId: l!.id, contactId: contact!.id });
      return l!;
    });

    const page = await e2e.signedIn(origin, owner.email, owner.password);
    await open(page, `${origin}/dashboard/manage/marketing/emails`);
    await page.getByRole("heading", { level: 1, name: c.title }).waitFor();
    await page.getByTestId("campaigns-empty").getByText(c.empty.title).waitFor();
    expect(formatFindings("campaigns, empty", await axeCheck(page))).toEqual([]);

    await page.getByRole("button", { name: c.new }).click();
    await page.waitForURL(/\/dashboard\/manage\/marketing\/emails\/campaigns\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").pop() as string;
    await page.getByRole("textbox", { name: c.fields.name, exact: true }).fill("November news");
    await page.getByRole("textbox", { name: c.fields.subject, exact: true }).fill("News for {{contact.first_name}}");
    await page.getByRole("textbox", { name: c.fields.body }).click();
    await page.keyboard.type("Our autumn courses are open.");
    await page.getByRole("button", { name: c.insertToken }).click();
    await page.getByRole("menuitem", { name: "{{contact.name}}" }).click();
    await expect
      .poll(() => page.getByRole("textbox", { name: c.fields.body }).textContent())
      .toContain("{{contact.name}}");

    // The audience: picking the list shows who it reaches.
    expect(await page.getByTestId("audience-size").textContent()).toBe("0 recipients");
    await page.getByRole("combobox", { name: c.audience.lists }).click();
    await page.getByRole("option", { name: /Newsletter/ }).click();
    await expect.poll(() => page.getByTestId("audience-size").textContent()).toBe("1 recipient");
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: c.save }).click();
    await page.getByText(c.saved).waitFor();
    const [saved] = await withPlatform(db, (tx) =>
      tx
        .select()
        .from(emailCampaigns)
        .where(and(eq(emailCampaigns.accountId, accountId), eq(emailCampaigns.id, id))),
    );
    expect(saved).toMatchObject({ name: "November news", audience: { listIds: [list.id], tags: [] } });
    expect(saved!.bodyHtml).toContain("Our autumn courses are open.");

    // The preview renders the saved campaign in a sandboxed frame.
    await page.getByRole("button", { name: c.preview.show }).click();
    const frame = page.getByTestId("campaign-preview");
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe("");
    await expect
      .poll(() => page.frameLocator('[data-testid="campaign-preview"]').locator("body").textContent())
      .toContain("Our autumn courses are open.");
    expect(formatFindings("campaign editor", await axeCheck(page))).toEqual([]);

    // On a phone the editor fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `${origin}/dashboard/manage/marketing/emails/campaigns/${id}`);
    await page.getByRole("textbox", { name: c.fields.subject, exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A link in the body (through the REST API, as an integration would), then send it for real.
    const patched = await page.evaluate(
      async ([url, html]) =>
        (
          await fetch(url, {
            method: "PATCH",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ bodyHtml: html }),
          })
        ).status,
      [
        `/api/v1/campaigns/${id}`,
        '<p>Our autumn courses are open, {{contact.first_name}}. <a href="https://example.org/autumn">See them</a></p>',
      ],
    );
    expect(patched).toBe(200);
    await page.reload();
    await page.getByRole("button", { name: c.sendNow }).click();
    const dialog = page.getByRole("dialog", { name: c.confirmTitle });
    await dialog.getByText("It goes to 1 recipient right away.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Send to 1 recipient" }).click();
    await page.getByTestId("stat-recipients-value").waitFor();
    expect(await page.getByRole("textbox", { name: c.fields.subject, exact: true }).count()).toBe(0);

    // The message arrives; the reader opens it and clicks its link; the cards follow by themselves.
    const mail = await waitFor(() => smtp.to("reader@school.org")[0]);
    const raw = mail.raw
      .replace(/\r?\n[ \t]+/g, " ")
      .replace(/=\r?\n/g, "")
      .replace(/=3D/g, "=");
    expect(raw).toMatch(/Subject: News for Rita/);
    const pixel = raw.match(/\/e\/o\/[A-Za-z0-9_-]+/)?.[0];
    const click = raw.match(/\/e\/c\/[A-Za-z0-9_-]+\/\d+/)?.[0];
    expect(pixel && click).toBeTruthy();
    await expect.poll(() => page.getByTestId("stat-sent-value").textContent(), { timeout: 20_000 }).toBe("1");
    expect(await page.getByTestId("stat-opened-value").textContent()).toBe("0");
    const statuses = await page.evaluate(
      async ([o, k]) => [(await fetch(o as string)).status, (await fetch(k as string, { redirect: "manual" })).type],
      [pixel, click],
    );
    expect(statuses[0]).toBe(200);
    await page.getByRole("button", { name: c.refresh }).click();
    await expect.poll(() => page.getByTestId("stat-opened-value").textContent(), { timeout: 15_000 }).toBe("1");
    await expect.poll(() => page.getByTestId("stat-clicked-value").textContent(), { timeout: 15_000 }).toBe("1");
    expect(await page.getByTestId("stat-opened").textContent()).toContain("100%");
    await page.getByTestId("campaign-recipients").getByText("reader@school.org").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(formatFindings("campaign stats on a phone", await axeCheck(page))).toEqual([]);

    // The list shows it with its status.
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, `${origin}/dashboard/manage/marketing/emails`);
    const row = page.locator(`[data-campaign="${id}"]`);
    await row.getByText("November news").waitFor();
    expect(await row.getByTestId("campaign-status").textContent()).toBe(c.status.sent);
    expect(formatFindings("campaigns list", await axeCheck(page))).toEqual([]);
  });
});

// The campaign editor in a browser: "Insert token" puts the token where the cursor is in the
// message; leaving with unsaved changes through a link asks first (stay keeps the edits, leave
// goes); a test send reaches the test address (a real SMTP server); scheduling shows the campaign
// as scheduled with its time, and unscheduling returns it to a draft.
import { afterAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, uid, waitForPath } from "./fixtures";

let smtp: SmtpSink;
const e2e = setupE2E(async () => {
  smtp = await startSmtpSink();
  return { SMTP_URL: smtp.url };
});
afterAll(async () => {
  await smtp?.stop();
});

const c = en.campaigns;
const leave = en.editorFrame;

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await e2e.t.database.sql(text, params)).rows as T[];

/** A site with one contact on a list, a draft campaign to it, and its owner signed in on the editor. */
async function editorOf(prefix: string) {
  const { site, owner, origin } = await e2e.newSite(prefix, { plan: PLAN_IDS.starter });
  const [list] = await q<{ id: string }>("insert into mailing_lists (account_id, name) values ($1, $2) returning id", [
    site.accountId,
    `News ${uid()}`,
  ]);
  const [contact] = await q<{ id: string }>(
    "insert into mailing_contacts (account_id, email, name) values ($1, $2, 'Rita') returning id",
    [site.accountId, `rita-${uid()}@school.org`],
  );
  await q("insert into mailing_list_contact (account_id, list_id, contact_id) values ($1, $2, $3)", [
    site.accountId,
    list.id,
    contact.id,
  ]);
  const [campaign] = await q<{ id: string }>(
    `insert into email_campaigns (account_id, name, subject, body_html, audience)
     values ($1, 'Spring', 'Spring news', '<p>Hello world</p>', $2) returning id`,
    [site.accountId, JSON.stringify({ listIds: [list.id], tags: [] })],
  );
  const page = await e2e.signedIn(origin, owner.email, owner.password);
  const path = `/dashboard/manage/marketing/emails/campaigns/${campaign.id}`;
  await open(page, `${origin}${path}`);
  await page.getByRole("textbox", { name: c.fields.subject, exact: true }).waitFor();
  const status = async () =>
    (
      await q<{ status: string; scheduled_at: Date | null }>(
        "select status, scheduled_at from email_campaigns where account_id = $1 and id = $2",
        [site.accountId, campaign.id],
      )
    )[0];
  return { page, path, origin, status };
}

describe("the campaign editor", () => {
  it("inserts a token at the cursor, and asks before leaving with unsaved changes", async () => {
    const { page, path, origin } = await editorOf("cedit");
    const body = page.getByRole("textbox", { name: c.fields.body });
    await expect.poll(() => body.textContent()).toBe("Hello world");
    // The cursor right after "Hello".
    await body.click();
    await page.keyboard.press("Control+Home");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await page.getByRole("button", { name: c.insertToken }).click();
    await page.getByRole("menuitem", { name: "{{contact.first_name}}" }).click();
    await expect.poll(() => body.textContent()).toBe("Hello{{contact.first_name}} world");
    await page.getByText(c.unsaved).waitFor();

    // A link inside the app asks first; staying keeps the edits.
    await page.getByRole("link", { name: c.back }).click();
    const dialog = page.getByRole("dialog", { name: leave.leaveTitle });
    await dialog.waitFor();
    expect(formatFindings("leave dialog", await axeCheck(page))).toEqual([]);
    await dialog.getByRole("button", { name: leave.stay }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await body.textContent()).toBe("Hello{{contact.first_name}} world");

    // Leaving anyway goes.
    await page.getByRole("link", { name: c.back }).click();
    await page.getByRole("dialog", { name: leave.leaveTitle }).getByRole("button", { name: leave.leave }).click();
    await waitForPath(page, "/dashboard/manage/marketing/emails");

    // Once saved, nothing asks.
    await open(page, `${origin}${path}`);
    await page.getByRole("textbox", { name: c.fields.subject, exact: true }).fill("Spring news!");
    await page.getByRole("button", { name: c.save }).click();
    await page.getByText(c.saved).waitFor();
    await page.getByRole("link", { name: c.back }).click();
    await waitForPath(page, "/dashboard/manage/marketing/emails");
  });

  it("sends a test to the test address, schedules the campaign and unschedules it", async () => {
    const { page, status } = await editorOf("csched");
    const tester = `tester-${uid()}@school.org`;
    await page.getByRole("textbox", { name: c.test.to }).fill(tester);
    await page.getByRole("button", { name: c.test.send }).click();
    await page.getByRole("status").getByText(c.test.sent.replace("{{to}}", tester)).waitFor();
    await expect.poll(() => smtp.to(tester).length, { timeout: 20_000 }).toBe(1);
    const raw = smtp.to(tester)[0].raw.replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(/Subject: \[Test\] Spring news/);
    expect(raw).toContain("Hello world");

    // Scheduled for tomorrow at 09:30 (the browser's time).
    const at = new Date(Date.now() + 86_400_000);
    const local = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}T09:30`;
    await page.getByLabel(c.scheduleAt).fill(local);
    await page.getByRole("button", { name: c.schedule, exact: true }).click();
    const banner = page.getByTestId("campaign-scheduled");
    await banner.waitFor();
    const shown = await page.evaluate(
      (v) => new Date(v).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }),
      local,
    );
    expect(await banner.textContent()).toContain(c.scheduledFor.replace("{{when}}", shown));
    await page.getByText(c.status.scheduled, { exact: true }).first().waitFor();
    const scheduled = await status();
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.scheduled_at).not.toBeNull();
    expect(formatFindings("scheduled campaign", await axeCheck(page))).toEqual([]);

    await banner.getByRole("button", { name: c.unschedule }).click();
    await banner.waitFor({ state: "hidden" });
    await page.getByText(c.status.draft, { exact: true }).first().waitFor();
    expect((await status()).status).toBe("draft");
  });
});

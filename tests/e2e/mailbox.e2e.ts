// The staff mailbox in a browser: a message the SMTP server refused after every retry is shown as
// failed, with its error; staff filter the failed messages, press Resend once the server is back,
// and the message arrives. A site owner who opens the screen gets the not-found page.
import { afterAll, describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildUser } from "../../server/seed/builders";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const m = en.mailbox;
let smtp: SmtpSink;

const e2e = setupE2E(async () => {
  smtp = await startSmtpSink();
  await smtp.stop();
  // No retry and the slow retry ten minutes away: within the test only Resend sends the message.
  return { SMTP_URL: smtp.url, JOB_RETRY_LIMIT: "0", JOB_RETRY_DELAY_SECONDS: "600" };
});
afterAll(async () => {
  await smtp?.stop();
});

const waitFor = async <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> => {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 200));
  }
};

describe("staff mailbox", () => {
  it("shows failed mail to staff, and Resend delivers it once the mail server is back", async () => {
    const { site } = await e2e.newSite("mailbox", { sitetitle: "Mailbox School" });
    const learner = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("learner") });
    const res = await e2e.t.request(site.slug, "/api/auth/request-password-reset", {
      json: { email: learner.email, redirectTo: "/login/reset-password" },
    });
    expect(res.status).toBe(200);
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test" });
    const platform = e2e.t.origin();

    const page = await e2e.signedIn(platform, staff.email, staff.password);
    const row = page.locator("tr", { hasText: learner.email });
    // The message fails in the background: reload until the screen shows it failed.
    await waitFor(async () => {
      await open(page, `${platform}/dashboard/maintenance/mail`);
      return (await row.getAttribute("data-status")) === "failed" ? true : undefined;
    });
    await page.getByText(m.failedHint).waitFor();
    await page.getByRole("link", { name: m.showFailed }).click();
    await page.waitForURL((url) => url.search === "?status=failed");
    await row.getByText(m.statuses.failed, { exact: true }).waitFor();
    await row.getByText(/^Last error:/).waitFor();
    await row.getByText(/^Next attempt:/).waitFor();

    await smtp.start();
    await row.getByRole("button", { name: `Resend the message to ${learner.email}` }).click();
    await page.getByRole("status").getByText(m.resent).waitFor();
    const received = await waitFor(() => smtp.to(learner.email)[0]);
    expect(received.raw).toMatch(/Subject: Reset your password for Mailbox School/);

    await waitFor(async () => {
      await open(page, `${platform}/dashboard/maintenance/mail`);
      return (await row.getAttribute("data-status")) === "sent" ? true : undefined;
    });
    await row.getByText(m.statuses.sent, { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: m.resend }).count()).toBe(0);
  });

  it("is not there for a site owner", async () => {
    const { owner } = await e2e.newSite("notstaff");
    const platform = e2e.t.origin();
    const page = await e2e.signedIn(platform, owner.email, owner.password);
    const response = await page.goto(`${platform}/dashboard/maintenance/mail`);
    expect(response?.status()).toBe(404);
  });
});

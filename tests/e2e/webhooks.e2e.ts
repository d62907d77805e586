// Outgoing webhooks on /dashboard/app in a real browser: an owner adds an endpoint (the form
// refuses a plain-http URL and no events, in the page's language), copies the secret shown once,
// sends a test that reaches a receiver on 127.0.0.1 signed with that secret, reads the delivery
// log, and deletes the endpoint after confirming. On a phone the section fits the screen.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { verifySignature } from "../../server/modules/webhooks";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E } from "./fixtures";

const e2e = setupE2E();
const w = en.webhooks;
const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replace(`{{${k}}}`, String(v)), text);

describe("webhooks on the app screen", () => {
  it("adds an endpoint, sends a test to a local receiver, shows the log and deletes it", async () => {
    const receiver = await startWebhookReceiver("/atrium");
    try {
      const { owner, origin } = await e2e.newSite("hooks", { sitetitle: "Hooks Academy" });
      const page = await e2e.signedIn(origin, owner.email, owner.password);
      await open(page, `${origin}/dashboard/app`);
      await page.getByRole("heading", { name: w.title }).waitFor();
      await page.getByText(w.empty).waitFor();

      // The form opens from the keyboard.
      await page.getByRole("button", { name: w.add }).focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: w.addTitle });
      await dialog.waitFor();

      // A URL that is not https, and no event: both refused on their fields, nothing sent.
      await dialog.getByLabel(w.url).fill("http://hooks.example.com/in");
      await dialog.getByRole("button", { name: w.save }).click();
      await dialog.getByText(w.errors.httpsRequired).waitFor();
      await dialog.getByText(w.errors.eventsRequired).waitFor();

      await dialog.getByLabel(w.url).fill(receiver.url);
      await dialog.getByLabel(w.description).fill("Our CRM");
      await dialog.getByRole("checkbox", { name: "payment_success" }).check();
      await dialog.getByRole("checkbox", { name: "course_completed" }).focus();
      await page.keyboard.press("Space");
      expect(await dialog.getByRole("checkbox", { name: "course_completed" }).isChecked()).toBe(true);
      await dialog.getByRole("button", { name: w.save }).click();
      await dialog.waitFor({ state: "hidden" });

      // The secret is shown once.
      const secretBox = page.getByTestId("webhook-secret");
      await secretBox.waitFor();
      const secret = (await secretBox.locator("pre").innerText()).trim();
      expect(secret).toMatch(/^whsec_/);

      const row = page.getByTestId("webhook-endpoint");
      await row.getByText(receiver.url).waitFor();
      await row.getByText("payment_success").waitFor();
      await row.getByText(w.neverDelivered).waitFor();

      // Send test: the receiver gets a signed ping, the page says how it went.
      await page.getByRole("button", { name: fill(w.testNamed, { url: receiver.url }) }).click();
      await page
        .getByTestId("webhook-test-result")
        .getByText(/HTTP 200/)
        .waitFor();
      const [ping] = await receiver.waitFor(1);
      expect(JSON.parse(ping.body)).toMatchObject({ type: "ping", site: { slug: expect.any(String) } });
      expect(verifySignature(secret, String(ping.headers["atrium-signature"]), ping.body)).toBe(true);
      await row.getByText(`${w.delivered} · 200`).waitFor();

      // The delivery log, in a drawer that Escape closes.
      await page.getByRole("link", { name: fill(w.deliveriesNamed, { url: receiver.url }) }).click();
      const log = page.getByRole("dialog", { name: fill(w.deliveriesTitle, { url: receiver.url }) });
      await log.waitFor();
      const first = log.getByTestId("webhook-deliveries").locator("tbody tr").first();
      await first.getByText("ping").waitFor();
      await first.getByText("200").waitFor();
      expect(formatFindings("webhooks log", await axeCheck(page))).toEqual([]);
      await page.keyboard.press("Escape");
      await log.waitFor({ state: "hidden" });

      expect(formatFindings("webhooks", await axeCheck(page))).toEqual([]);

      // On a phone the section fits the screen's width.
      await page.setViewportSize({ width: 375, height: 800 });
      await page.waitForTimeout(150);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The section itself, secret and URL included, is no wider than the screen.
      const section = page.locator('section[aria-labelledby="webhooks-heading"]');
      expect(await section.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await section.getByTestId("webhook-secret").evaluate((el) => {
        if (el.scrollWidth > el.clientWidth) throw new Error("the secret is wider than the screen");
      });
      await page.setViewportSize({ width: 1280, height: 800 });

      // Delete, after confirming.
      await page.getByRole("button", { name: fill(w.deleteNamed, { url: receiver.url }) }).click();
      const confirm = page.getByRole("dialog", { name: w.deleteTitle });
      await confirm.getByRole("button", { name: w.delete }).click();
      await page.getByText(w.empty).waitFor();
    } finally {
      await receiver.close();
    }
  });
});

// Support tickets in a browser: a site's owner opens a ticket from a phone (the form checks its
// fields first), platform staff find it among every site's tickets and answer, and the owner reads
// the answer with the ticket awaiting them, then marks it resolved.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { buildUser } from "../../server/seed/builders";
import { signIn } from "../support/platform";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, waitForPath } from "./fixtures";

const k = en.tickets;
const e2e = setupE2E();

describe("support tickets", () => {
  it("an owner opens a ticket, staff answer it, the owner sees the answer and the status", async () => {
    const { owner, origin } = await e2e.newSite("tickets", { sitetitle: "Ticket School" });
    const staff = await buildUser(e2e.t.platform.auth, { email: "staff@atrium.test", name: "Sam Support" });
    const platform = e2e.t.origin();

    // The owner, on a phone: an empty list, then the form.
    const mine = await e2e.signedIn(origin, owner.email, owner.password);
    await mine.setViewportSize({ width: 390, height: 844 });
    await open(mine, `${origin}/dashboard/tickets`);
    await mine.getByText(k.empty).waitFor();
    await mine.getByRole("link", { name: k.newTicket }).click();
    await waitForPath(mine, "/dashboard/tickets?new=1");
    expect(formatFindings("new ticket form", await axeCheck(mine))).toEqual([]);

    // Checked in the page before anything is sent.
    await mine.getByRole("textbox", { name: k.subject, exact: true }).fill("No");
    await mine.getByRole("button", { name: k.send }).click();
    await mine.getByText(k.errors.category).waitFor();
    await mine.getByText(k.errors.subject).waitFor();
    await mine.getByText(k.errors.message).waitFor();

    await mine.getByLabel(k.category).selectOption("bug");
    await mine.getByRole("textbox", { name: k.subject, exact: true }).fill("Certificates show the wrong date");
    await mine
      .getByRole("textbox", { name: k.message, exact: true })
      .fill("Every certificate says 1970.\nSince this morning.");
    await mine.getByRole("button", { name: k.send }).click();
    await mine.waitForURL((url) => /^\/dashboard\/tickets\/[0-9a-f-]{36}$/.test(url.pathname));
    await mine.getByText(k.sent).waitFor();
    const ticketPath = new URL(mine.url()).pathname;
    expect(await mine.getByTestId("ticket-status").getAttribute("data-status")).toBe("unresolved");
    await mine.getByText("Since this morning.", { exact: false }).waitFor();

    // Staff, on the platform: every site's tickets, filtered to unresolved ones.
    const desk = await e2e.signedIn(platform, staff.email, staff.password);
    await open(desk, `${platform}/dashboard/tickets?status=unresolved`);
    const row = desk.locator("tr", { hasText: "Certificates show the wrong date" });
    await row.getByText("Ticket School").waitFor();
    await row.getByRole("link", { name: "Certificates show the wrong date" }).click();
    await waitForPath(desk, ticketPath);
    await desk.getByText("Every certificate says 1970.", { exact: false }).waitFor();
    await desk.getByLabel(k.replyLabel).fill("Fixed: the time zone of your site was unset. Please check again.");
    await desk.getByRole("button", { name: k.sendReply }).click();
    await desk.getByRole("status").getByText(k.replied).waitFor();
    await desk.getByTestId("ticket-status").getByText(k.status.awaited).waitFor();

    // The owner sees the answer, from the support team, and the ticket awaiting them.
    await open(mine, `${origin}${ticketPath}`);
    const answer = mine.locator('[data-testid="ticket-reply"][data-staff="true"]');
    await answer.getByText("the time zone of your site was unset", { exact: false }).waitFor();
    await answer.getByText(k.staffBadge).waitFor();
    await mine.getByTestId("ticket-status").getByText(k.status.awaited).waitFor();

    await mine.getByRole("button", { name: k.markResolved }).click();
    await mine.getByTestId("ticket-status").getByText(k.status.resolved).waitFor();
    expect(await mine.getByRole("button", { name: k.markResolved }).count()).toBe(0);
    await open(mine, `${origin}/dashboard/tickets`);
    await mine.locator("tr", { hasText: "Certificates show the wrong date" }).getByText(k.status.resolved).waitFor();
  });

  it("another site's ticket is not found", async () => {
    const a = await e2e.newSite("tickets-a");
    const b = await e2e.newSite("tickets-b");
    const opened = await e2e.t.request(a.site.slug, "/api/v1/tickets", {
      json: { category: "setup", subject: "Site A only", message: "Private." },
      cookie: await signIn(e2e.t, a.site.slug, a.owner.email, a.owner.password),
    });
    const { id } = (await opened.json()) as { id: string };
    const page = await e2e.signedIn(b.origin, b.owner.email, b.owner.password);
    const response = await page.goto(`${b.origin}/dashboard/tickets/${id}`);
    expect(response?.status()).toBe(404);
  });
});

// redirect_user in the real build: after an automation sets a redirect for a member, their next
// page view of the site (a public page or the dashboard) answers a redirect to it, once; the view
// after that is the page itself. A visitor who is not signed in is never redirected.
import { describe, expect, it } from "vitest";
import { checkAutomation } from "../../core/automations";
import { automationRuns, automations } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { events } from "../../server/modules/events";
import { buildMember, buildUser } from "../../server/seed/builders";
import { signIn } from "../support/platform";
import { setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();

async function finished(runsOf: () => Promise<{ status: string }[]>) {
  const end = Date.now() + 20_000;
  for (;;) {
    const runs = await runsOf();
    if (runs.length && runs.every((r) => r.status === "succeeded")) return;
    if (Date.now() > end) throw new Error(`run not finished: ${JSON.stringify(runs)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("an automation's redirect", () => {
  it("sends the member to the page on their next page view, once", async () => {
    const { site } = await e2e.newSite("redirect", { sitetitle: "Redirect School" });
    const db = e2e.t.database.db;
    const member = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("member") });
    await buildMember(db, site, member, "student");
    const cookie = await signIn(e2e.t, site.slug, member.email, member.password);
    const checked = checkAutomation({
      name: "Welcome page",
      trigger: "tag_added",
      actions: [{ key: "redirect_user", args: { url: "/thank-you" } }],
    });
    if (!checked.ok) throw new Error(JSON.stringify(checked.issues));
    await withTenant(db, site.accountId, (tx) =>
      tx.insert(automations).values({ accountId: site.accountId, ...checked.value }),
    );
    await events.transaction(db, site.accountId, async (tx, out) => {
      out.push(await events.emit(tx, site.accountId, "tag_added", { userId: member.id, tag: "new" }));
    });
    await finished(() => withPlatform(db, (tx) => tx.select().from(automationRuns)));

    const visitor = await e2e.t.request(site.slug, "/course", { redirect: "manual" });
    expect(visitor.status).toBe(200);
    const first = await e2e.t.request(site.slug, "/course", { cookie, redirect: "manual" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/thank-you");
    const again = await e2e.t.request(site.slug, "/course", { cookie, redirect: "manual" });
    expect(again.status).toBe(200);
  });
});

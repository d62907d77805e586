// The notification settings screen in a real browser: the owner finds it from the management
// index, switches a touchpoint off with the keyboard, and after a reload it is still off (and the
// stored option says so); the screen passes axe, fits a phone, and a student is told it does not
// exist.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { options } from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck } from "./axe";
import { hydrated, open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const tp = en.touchpoints;

describe("notification settings", () => {
  it("an owner switches a touchpoint off; after a reload it is still off", async () => {
    const { site, owner, origin } = await e2e.newSite("touch");
    const page = await e2e.signedIn(origin, owner.email, owner.password);

    await open(page, `${origin}/dashboard/manage`);
    await page.getByTestId("manage-areas").getByRole("link", { name: en.manage.areas.notifications.title }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/manage/notifications");
    await hydrated(page);
    for (const group of Object.values(tp.groups)) {
      await page.getByRole("heading", { name: group.title }).waitFor();
    }

    const welcome = page.getByRole("switch", { name: tp.items.student_registration });
    expect(await welcome.isChecked()).toBe(true);
    // Keyboard: focus the switch and press space.
    await welcome.focus();
    await page.keyboard.press("Space");
    await page.locator(".toasts").getByText(tp.saved).first().waitFor();
    expect(await welcome.isChecked()).toBe(false);

    await page.reload();
    await hydrated(page);
    expect(await page.getByRole("switch", { name: tp.items.student_registration }).isChecked()).toBe(false);
    expect(await page.getByRole("switch", { name: tp.items.student_registration_owner }).isChecked()).toBe(true);
    const [row] = await withPlatform(e2e.t.database.db, (tx) =>
      tx
        .select({ value: options.value })
        .from(options)
        .where(and(eq(options.accountId, site.accountId), eq(options.key, "touchpoints"))),
    );
    expect(row.value).toMatchObject({ student_registration: false });

    expect(await axeCheck(page)).toEqual([]);
    // On a phone the sections stack and nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it("a student is told the screen does not exist", async () => {
    const { site, origin } = await e2e.newSite("touch-student");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("touch-student") });
    await buildMember(e2e.t.database.db, site, student, "student");
    const page = await e2e.signedIn(origin, student.email, student.password);
    const res = await page.goto(`${origin}/dashboard/manage/notifications`);
    expect(res?.status()).toBe(404);
  });
});

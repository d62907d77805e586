// Appointments across time zones: an instructor in Berlin sets weekly hours (a wrong interval is
// refused on the spot) and an appointment type; a member in New York books a slot, each side sees
// the booking at their own local time, the member moves it, the instructor sees the new time with
// attendance waiting for the start, cancels it, and the member sees it cancelled.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { accounts } from "../../server/modules/accounts";
import { appointmentTypeService, bookingService } from "../../server/modules/appointments";
import { buildMember, buildUser } from "../../server/seed/builders";
import { axeCheck, formatFindings } from "./axe";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const a = en.appointments;
const BERLIN = "Europe/Berlin";
const NEW_YORK = "America/New_York";
const DAY = 86_400_000;

const fill = (s: string, vars: Record<string, string>) =>
  Object.entries(vars).reduce((out, [k, v]) => out.replace(`{{${k}}}`, v), s);
/** What the screens show for an instant in a zone (the formats of the appointment screens). */
const full = (at: Date, timeZone: string) =>
  at.toLocaleString("en", { dateStyle: "medium", timeStyle: "short", timeZone });
const day = (at: Date, timeZone: string) =>
  at.toLocaleDateString("en", { weekday: "long", day: "numeric", month: "long", timeZone });
const time = (at: Date, timeZone: string) =>
  at.toLocaleTimeString("en", { hour: "2-digit", minute: "2-digit", timeZone });
const berlinClock = (at: Date) =>
  at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: BERLIN });

describe("appointments", () => {
  it("an instructor in Berlin and a member in New York each see the booking in their own time", async () => {
    const { site, owner, origin } = await e2e.newSite("appt", { plan: PLAN_IDS.professional });
    const db = e2e.t.database.db;
    await accounts.update(db, site.accountId, { features: { ...site.features, appointments: true } });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teach"), name: "Ida Teacher" });
    const member = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("mia"), name: "Mia Member" });
    await buildMember(db, site, teacher, "instructor");
    await buildMember(db, site, member, "student");

    // The instructor: hours every day 10:00 to 12:00 in their own zone (the browser's).
    const ida = await e2e.signedIn(origin, teacher.email, teacher.password, { timezoneId: BERLIN });
    await ida.getByRole("link", { name: en.menu.appointments, exact: true }).first().waitFor();
    await open(ida, `${origin}/dashboard/appointments`);
    await ida.getByText(a.noOwnTypes).waitFor();
    expect(await ida.getByRole("combobox", { name: a.timeZone }).inputValue()).toBe(BERLIN);
    for (const weekday of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      await ida.getByRole("button", { name: fill(a.addHoursTo, { day: weekday }) }).click();
      await ida.getByLabel(fill(a.fromOf, { day: weekday, n: "1" })).fill("10:00");
      await ida.getByLabel(fill(a.toOf, { day: weekday, n: "1" })).fill("12:00");
    }
    await ida.getByLabel(fill(a.toOf, { day: "Sunday", n: "1" })).fill("09:00");
    await ida.getByText(a.errors.endAfterStart).waitFor();
    await ida.getByRole("button", { name: a.saveHours }).click();
    await ida.getByText(a.errors.fixHours).waitFor();
    await ida.getByLabel(fill(a.toOf, { day: "Sunday", n: "1" })).fill("12:00");
    await ida.getByRole("button", { name: a.saveHours }).click();
    await ida.getByText(a.hoursSaved).waitFor();

    await ida.getByRole("button", { name: a.newType }).click();
    const dialog = ida.getByRole("dialog");
    await dialog.getByLabel(a.fields.title).fill("Pottery chat");
    await dialog.getByLabel(a.fields.cancelCutoffHours).fill("0");
    await dialog.getByRole("button", { name: a.saveType }).click();
    await ida.getByTestId("appointment-type").getByText("Pottery chat").waitFor();
    await dialog.waitFor({ state: "hidden" });

    // A slot at 10:00 Berlin time on a later day, found the way the member's screen finds them.
    const [type] = await appointmentTypeService.list(db, site.accountId, { instructorId: teacher.id });
    const slots = await bookingService.slots(db, site.accountId, type.id, new Date(), new Date(Date.now() + 7 * DAY));
    const first = slots.find((s) => berlinClock(s.start) === "10:00" && s.start.getTime() > Date.now() + DAY);
    expect(first).toBeDefined();
    const start = first!.start;
    const moved = new Date(start.getTime() + 30 * 60_000);

    // The member books it in New York time and sees it there.
    const mia = await e2e.signedIn(origin, member.email, member.password, { timezoneId: NEW_YORK });
    await open(mia, `${origin}/dashboard/bookings`);
    await mia.getByText(fill(a.shownIn, { zone: NEW_YORK })).waitFor();
    await mia
      .getByRole("button", { name: fill(a.bookAt, { when: `${day(start, NEW_YORK)} ${time(start, NEW_YORK)}` }) })
      .click();
    const mine = mia.getByTestId("my-booking");
    await mine.getByText(full(start, NEW_YORK), { exact: true }).waitFor();
    expect(full(start, NEW_YORK)).not.toBe(full(start, BERLIN));

    // The instructor sees the same booking at 10:00 in Berlin.
    await ida.reload();
    const booked = ida.getByTestId("booking");
    await booked.getByText(full(start, BERLIN), { exact: true }).waitFor();
    expect(await booked.getByTestId("booking-time").textContent()).toMatch(/, 10:00 AM$/);
    await booked.getByText(fill(a.bookedBy, { name: "Mia Member" })).waitFor();
    expect(formatFindings("instructor's appointments", await axeCheck(ida))).toEqual([]);

    // The member moves it half an hour later.
    await mine.getByRole("button", { name: a.reschedule }).click();
    const move = mia.getByRole("dialog");
    await move
      .getByRole("button", { name: fill(a.moveTo, { when: `${day(moved, NEW_YORK)} ${time(moved, NEW_YORK)}` }) })
      .click();
    await move.waitFor({ state: "hidden" });
    expect(formatFindings("member's bookings", await axeCheck(mia))).toEqual([]);
    await mine.getByText(full(moved, NEW_YORK), { exact: true }).waitFor();

    // The instructor sees the new time; attendance waits for the start; the instructor cancels.
    await ida.reload();
    await booked.getByText(full(moved, BERLIN), { exact: true }).waitFor();
    expect(await booked.getByTestId("booking-time").textContent()).toMatch(/, 10:30 AM$/);
    await booked.getByText(a.attendanceAfterStart).waitFor();
    expect(await booked.getByRole("button", { name: a.markAttended }).isDisabled()).toBe(true);
    await booked.getByRole("button", { name: a.cancelBooking }).click();
    await booked.getByText(a.status.cancelled).waitFor();

    await mia.reload();
    await mine.getByText(a.status.cancelled).waitFor();
    expect(await mine.getByRole("button", { name: a.reschedule }).count()).toBe(0);

    // The owner sees it among the site's bookings, with both names.
    const olivia = await e2e.signedIn(origin, owner.email, owner.password, { timezoneId: BERLIN });
    await open(olivia, `${origin}/dashboard/manage/appointments`);
    await olivia
      .getByTestId("booking")
      .getByText(fill(a.memberWithInstructor, { member: "Mia Member", instructor: "Ida Teacher" }))
      .waitFor();
    await olivia.getByTestId("appointment-type").getByText("Pottery chat").waitFor();
  });
});

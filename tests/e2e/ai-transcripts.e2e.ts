// Transcripts in the browser: the instructor transcribes the recording a unit plays (the local
// speech stand-in) and corrects a line in the unit editor; the student opens the unit in the player
// and finds the transcript under the video, its times playing the video from there, and the video
// carrying the captions track whose WebVTT has the corrected line.
import { describe, expect, it } from "vitest";
import en from "../../app/i18n/locales/en/translation.json" with { type: "json" };
import { PLAN_IDS } from "../../core/plans";
import { units } from "../../server/db/schema";
import { withTenant } from "../../server/db/tenant";
import { buildMember, buildUser } from "../../server/seed/builders";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { eq } from "drizzle-orm";
import { mediaSamples } from "../support/media-samples";
import { signIn } from "../support/platform";
import { open, setupE2E, uniqueEmail } from "./fixtures";

const e2e = setupE2E();
const tr = en.ai.transcript;
const line = (s: string, n: number) => s.replace("{{line}}", String(n));

describe("transcripts", () => {
  it("instructor transcribes and corrects; the student reads it under the video and gets captions", async () => {
    const { site, owner, origin } = await e2e.newSite("transcripts", { plan: PLAN_IDS.starter });
    const teacher = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("teacher") });
    await buildMember(e2e.t.database.db, site, teacher, "instructor");
    const student = await buildUser(e2e.t.platform.auth, { email: uniqueEmail("student") });
    await buildMember(e2e.t.database.db, site, student, "student");

    // The owner puts an 18-second video in the library (the stand-in hears one second per 16 kB).
    const mp4 = (await mediaSamples()).find((s) => s.name === "clip.mp4")?.bytes as Uint8Array;
    const bytes = new Uint8Array(18 * 16_000);
    bytes.set(mp4);
    const form = new FormData();
    form.set("file", new File([bytes], "pottery.mp4"));
    const cookie = await signIn(e2e.t, site.slug, owner.email, owner.password);
    const uploaded = await e2e.t.request(site.slug, "/api/v1/media", { method: "POST", body: form, cookie });
    expect(uploaded.status).toBe(201);
    const item = (await uploaded.json()) as { id: string; url: string };

    const { course, itemIds } = await buildCourse(e2e.t.database.db, site, teacher, {
      title: "Pottery basics",
      curriculum: [{ unit: "At the wheel", content: "<p>Watch first.</p>" }],
    });
    const unitId = itemIds[0] as string;
    await withTenant(e2e.t.database.db, site.accountId, (tx) =>
      tx
        .update(units)
        .set({ video: { kind: "upload", url: item.url } })
        .where(eq(units.id, unitId)),
    );

    // The instructor transcribes the unit's video and corrects the second line.
    const teacherPage = await e2e.signedIn(origin, teacher.email, teacher.password);
    await open(teacherPage, `${origin}/dashboard/instructor/unit/${unitId}?course=${course.id}`);
    const editor = teacherPage.getByTestId("transcript-editor");
    await editor.getByText(tr.none).waitFor();
    await editor.getByRole("button", { name: tr.transcribe }).click();
    const second = editor.getByLabel(line(tr.text, 2));
    await second.waitFor({ timeout: 30_000 });
    expect(await editor.getByLabel(line(tr.start, 2)).inputValue()).toBe("6");
    await second.fill("Centre the clay before you start.");
    // An empty line is named before anything is sent.
    await editor.getByLabel(line(tr.text, 3)).fill("");
    await editor.getByRole("button", { name: tr.save }).click();
    await editor.getByTestId("transcript-problem").getByText(line(tr.problems.empty, 3)).waitFor();
    await editor.getByLabel(line(tr.text, 3)).fill("Then shape it slowly.");
    await editor.getByRole("button", { name: tr.save }).click();
    await editor.getByText(tr.saved).waitFor();

    // The student opens the unit: the transcript is under the video, and the video has captions.
    await buildEnrolment(e2e.t.database.db, site, course.id, student.id);
    const page = await e2e.signedIn(origin, student.email, student.password);
    await open(page, `${origin}/dashboard/courses/${course.id}?item=${unitId}`);
    const transcript = page.getByTestId("unit-transcript");
    await transcript.getByText("Centre the clay before you start.").waitFor();
    await transcript.getByText("Then shape it slowly.").waitFor();
    const track = page.locator("video track");
    expect(await track.getAttribute("kind")).toBe("captions");
    expect(await track.getAttribute("srclang")).toBe("en");
    expect(await track.getAttribute("label")).toBe("English");
    expect(await track.getAttribute("default")).not.toBeNull();
    const src = (await track.getAttribute("src")) as string;
    expect(src).toBe(`/media/${item.id}/captions.vtt`);
    const vtt = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
    }, src);
    expect(vtt.status).toBe(200);
    expect(vtt.type).toBe("text/vtt; charset=utf-8");
    expect(vtt.text).toContain("2\n00:00:06.000 --> 00:00:12.000\nCentre the clay before you start.\n");

    // A time is a button: from the keyboard, it moves the video to that line.
    const from6 = transcript.getByRole("button", { name: tr.playFrom.replace("{{time}}", "0:06") });
    await from6.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("video").evaluate((v) => (v as HTMLVideoElement).currentTime)).toBe(6);
  });
});

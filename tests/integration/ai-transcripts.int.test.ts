// Transcripts of media library recordings (decision 0065): asked as the "transcript" AI task and
// metered in minutes against the plan's transcribe limit; a failed provider writes and counts
// nothing; corrected by the site's authors with each bad line named; served as WebVTT captions;
// found by the site search through the published courses whose units play the recording; and
// another site's recordings, transcripts and captions are simply not found.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { MAX_TRANSCRIBE_BYTES } from "../../core/transcripts";
import { localProvider } from "../../server/ai";
import { media, transcripts, units } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { aiTasks } from "../../server/modules/ai";
import { storageFor } from "../../server/modules/storage";
import { usage } from "../../server/modules/usage";
import { buildCourse } from "../../server/seed/course-builders";
import { mediaSamples } from "../support/media-samples";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countRows, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let a: SiteWithOwner;
let b: SiteWithOwner;
let mp4: Uint8Array;
let pdf: Uint8Array;

/** A video of about `seconds` seconds for the local stand-in (it hears one second per 16 kB). */
const videoOf = (seconds: number) => {
  const bytes = new Uint8Array(seconds * 16_000);
  bytes.set(mp4.subarray(0, Math.min(mp4.byteLength, bytes.byteLength)));
  return bytes;
};

async function upload(s: SiteWithOwner, name: string, bytes: Uint8Array): Promise<string> {
  const f = new FormData();
  f.set("file", new File([new Uint8Array(bytes)], name));
  const res = await t.request(s.site.slug, "/api/v1/media", { method: "POST", body: f, cookie: s.ownerCookie });
  const item = await body(res);
  expect(res.status, JSON.stringify(item)).toBe(201);
  return item.id as string;
}

const ask = (s: SiteWithOwner, cookie: string, input: Record<string, unknown>) =>
  t.request(s.site.slug, "/api/v1/ai/tasks", { json: { kind: "transcript", input }, cookie });

/** Asks for a transcript and works the task here (as the job would); answers the task as read back. */
async function transcribe(s: SiteWithOwner, mediaId: string, cookie = s.ownerCookie) {
  const res = await ask(s, cookie, { mediaId });
  const task = await body(res);
  expect(res.status, JSON.stringify(task)).toBe(202);
  await aiTasks.work(t.database.db, s.site.accountId, task.id);
  return body(await t.request(s.site.slug, `/api/v1/ai/tasks/${task.id}`, { cookie }));
}

const minutesUsed = async (s: SiteWithOwner) =>
  (await body(await t.request(s.site.slug, "/api/v1/ai/status", { cookie: s.ownerCookie }))).meters.transcribe
    .used as number;

const transcriptRow = async (accountId: string, mediaId: string) => {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(transcripts)
      .where(and(eq(transcripts.accountId, accountId), eq(transcripts.mediaId, mediaId))),
  );
  return row ?? null;
};

const put = (s: SiteWithOwner, mediaId: string, json: unknown, cookie = s.ownerCookie) =>
  t.request(s.site.slug, `/api/v1/media/${mediaId}/transcript`, { method: "PUT", json, cookie });

/** A published (or draft) course whose one unit plays this library file. */
async function courseWithRecording(s: SiteWithOwner, title: string, mediaId: string, status: "published" | "draft") {
  const { course, itemIds } = await buildCourse(
    t.database.db,
    s.site,
    { id: s.owner.id },
    {
      title,
      status,
      curriculum: [{ unit: `${title} lesson` }],
    },
  );
  await withTenant(t.database.db, s.site.accountId, (tx) =>
    tx
      .update(units)
      .set({ video: { kind: "upload", url: `/media/${mediaId}/clip.mp4` } })
      .where(eq(units.id, itemIds[0] as string)),
  );
  return course;
}

const search = async (s: SiteWithOwner, q: string) =>
  (await body(await t.request(s.site.slug, `/api/v1/search?type=course&q=${encodeURIComponent(q)}`))).results as {
    title: string;
    url: string;
  }[];

beforeAll(async () => {
  t = await startTestPlatform();
  a = await siteWithOwner(t, "tr-a", { plan: PLAN_IDS.starter });
  b = await siteWithOwner(t, "tr-b", { plan: PLAN_IDS.starter });
  const samples = await mediaSamples();
  mp4 = samples.find((s) => s.name === "clip.mp4")?.bytes as Uint8Array;
  pdf = samples.find((s) => s.name === "handout.pdf")?.bytes as Uint8Array;
});
afterAll(() => t?.close());

describe("making a transcript", () => {
  it("transcribes a video, counts its started minutes and keeps timed lines", async () => {
    const id = await upload(a, "lecture.mp4", videoOf(125));
    const before = await minutesUsed(a);
    const task = await transcribe(a, id);
    expect(task).toMatchObject({ status: "done", progress: 100, result: { mediaId: id, language: "en", minutes: 3 } });
    expect(await minutesUsed(a)).toBe(before + 3);
    const row = await transcriptRow(a.site.accountId, id);
    expect(row?.segments).toHaveLength(21);
    expect(row?.segments[0]).toMatchObject({ start: 0, end: 6 });
    expect(row?.segments.at(-1)).toMatchObject({ start: 120, end: 125 });
    expect(row?.text.length).toBeGreaterThan(100);

    // The editor reads it back; transcribing again replaces it (still one row) and counts again.
    const read = await body(await t.request(a.site.slug, `/api/v1/media/${id}/transcript`, { cookie: a.ownerCookie }));
    expect(read.transcript).toMatchObject({ mediaId: id, captionsUrl: `/media/${id}/captions.vtt`, editedAt: null });
    await transcribe(a, id);
    expect(await minutesUsed(a)).toBe(before + 6);
    expect(await countRows(t, transcripts, eq(transcripts.mediaId, id))).toBe(1);
  });

  it("instructors may transcribe; students may not; documents and oversized files are refused by name", async () => {
    const id = await upload(a, "talk.mp4", videoOf(3));
    const instructor = await memberOf(t, a.site, "instructor");
    const student = await memberOf(t, a.site, "student");
    expect((await transcribe(a, id, instructor.cookie)).status).toBe("done");
    await expectError(await ask(a, student.cookie, { mediaId: id }), 403, "forbidden");
    await expectError(await put(a, id, { segments: [] }, student.cookie), 403, "forbidden");

    const doc = await upload(a, "handout.pdf", pdf);
    const e = await expectError(await ask(a, a.ownerCookie, { mediaId: doc }), 422, "validation_failed");
    expect(e.message).toBe("handout.pdf is not audio or video, so it has no transcript");
    expect(e.details).toMatchObject([{ field: "mediaId", reason: "file_not_media", values: { file: "handout.pdf" } }]);

    // The library does not take files this large; a row that says so stands in for one.
    const big = crypto.randomUUID();
    await withTenant(t.database.db, a.site.accountId, (tx) =>
      tx.insert(media).values({
        accountId: a.site.accountId,
        id: big,
        storageKey: `media/${big}/original.mp4`,
        filename: "whole-day.mp4",
        mime: "video/mp4",
        size: MAX_TRANSCRIBE_BYTES + 1,
      }),
    );
    const tooBig = await expectError(await ask(a, a.ownerCookie, { mediaId: big }), 422, "validation_failed");
    expect(tooBig.message).toMatch(/^whole-day\.mp4 is 25(\.0)? MB; files up to 25 MB can be transcribed/);
    // The same reason as a code with the file's name and both sizes in bytes, for a screen to word.
    expect(tooBig.details).toEqual([
      {
        field: "mediaId",
        message: tooBig.message,
        size: MAX_TRANSCRIBE_BYTES + 1,
        maxBytes: MAX_TRANSCRIBE_BYTES,
        reason: "file_too_large",
        values: { file: "whole-day.mp4", size: MAX_TRANSCRIBE_BYTES + 1, maxBytes: MAX_TRANSCRIBE_BYTES },
      },
    ]);
  });

  it("a task whose file is too large or gone by the time it runs fails with the reason and its values", async () => {
    // A file replaced by a larger one after the request: its row says so when the task runs.
    const id = await upload(a, "lecture.mp4", videoOf(3));
    const res = await ask(a, a.ownerCookie, { mediaId: id });
    const queued = await body(res);
    expect(res.status, JSON.stringify(queued)).toBe(202);
    const size = MAX_TRANSCRIBE_BYTES + 5 * 1024 * 1024;
    await withTenant(t.database.db, a.site.accountId, (tx) => tx.update(media).set({ size }).where(eq(media.id, id)));
    await aiTasks.work(t.database.db, a.site.accountId, queued.id);
    const tooLarge = await body(
      await t.request(a.site.slug, `/api/v1/ai/tasks/${queued.id}`, { cookie: a.ownerCookie }),
    );
    expect(tooLarge).toMatchObject({
      status: "failed",
      errorReason: "file_too_large",
      errorValues: { file: "lecture.mp4", size, maxBytes: MAX_TRANSCRIBE_BYTES },
    });
    expect(tooLarge.error).toMatch(/^lecture\.mp4 is 30 MB; files up to 25 MB can be transcribed/);
    expect(await transcriptRow(a.site.accountId, id)).toBeNull();

    // A file deleted after the request.
    const gone = await upload(a, "gone.mp4", videoOf(3));
    const asked = await body(await ask(a, a.ownerCookie, { mediaId: gone }));
    await withTenant(t.database.db, a.site.accountId, (tx) => tx.delete(media).where(eq(media.id, gone)));
    await aiTasks.work(t.database.db, a.site.accountId, asked.id);
    const task = await body(await t.request(a.site.slug, `/api/v1/ai/tasks/${asked.id}`, { cookie: a.ownerCookie }));
    expect(task).toMatchObject({ status: "failed", errorReason: "file_gone", errorValues: {} });
    expect(task.error).toBe("The recording is no longer in the media library. Nothing was changed.");
  });

  it("a provider that is down writes no transcript and counts nothing", async () => {
    const id = await upload(a, "down.mp4", videoOf(90));
    const before = await minutesUsed(a);
    const storage = storageFor(t.platform.cfg);
    aiTasks.configure(t.database.db, localProvider({ failWith: "speech service unavailable" }), storage);
    try {
      const task = await transcribe(a, id);
      expect(task.status).toBe("failed");
      expect(task.error).toMatch(/could not answer/);
      expect(task).toMatchObject({ errorReason: "provider_failed", errorValues: {} });
    } finally {
      aiTasks.configure(t.database.db, localProvider(), storage);
    }
    expect(await transcriptRow(a.site.accountId, id)).toBeNull();
    expect(await minutesUsed(a)).toBe(before);
  });
});

describe("the plan's transcribe limit", () => {
  it("a plan without transcription minutes refuses with plan_limit", async () => {
    const none = await siteWithOwner(t, "tr-none", { plan: null });
    const id = crypto.randomUUID();
    await withTenant(t.database.db, none.site.accountId, (tx) =>
      tx.insert(media).values({
        accountId: none.site.accountId,
        id,
        storageKey: `media/${id}/original.mp4`,
        filename: "clip.mp4",
        mime: "video/mp4",
        size: 1000,
      }),
    );
    await expectError(await ask(none, none.ownerCookie, { mediaId: id }), 403, "plan_limit");
  });

  it("a site that used its month's minutes is refused until the next month", async () => {
    const full = await siteWithOwner(t, "tr-full", { plan: PLAN_IDS.starter });
    const id = await upload(full, "clip.mp4", videoOf(2));
    await withTenant(t.database.db, full.site.accountId, (tx) =>
      usage.use(tx, full.site, "transcribe", 99, { enforce: false }),
    );
    // 99 of 100 minutes: one more recording may start (and may pass the limit by its own length).
    expect((await transcribe(full, id)).status).toBe("done");
    expect(await minutesUsed(full)).toBe(100);
    const e = await expectError(await ask(full, full.ownerCookie, { mediaId: id }), 403, "plan_limit");
    expect(e.details).toMatchObject({ limit: "transcribe" });
  });
});

describe("correcting a transcript", () => {
  let id: string;
  beforeAll(async () => {
    id = await upload(a, "lesson.mp4", videoOf(18));
    await transcribe(a, id);
  });

  it("saves corrected lines and serves them as WebVTT captions beside the file", async () => {
    const segments = [
      { start: 0, end: 6, text: "Welcome to the pottery studio." },
      { start: 6, end: 12.5, text: "Clay & water <mix> --> slip." },
      { start: 12.5, end: 18, text: "Centre the clay first." },
    ];
    const res = await put(a, id, { segments });
    const saved = await body(res);
    expect(res.status, JSON.stringify(saved)).toBe(200);
    expect(saved.segments).toEqual(segments);
    expect(saved.editedAt).not.toBeNull();
    const row = await transcriptRow(a.site.accountId, id);
    expect(row?.editedBy).toBe(a.owner.id);
    expect(row?.text).toBe("Welcome to the pottery studio. Clay & water <mix> --> slip. Centre the clay first.");

    // Captions are as public as the file: no session needed.
    const vtt = await t.request(a.site.slug, `/media/${id}/captions.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    const text = await vtt.text();
    expect(text.startsWith("WEBVTT\n\n1\n00:00:00.000 --> 00:00:06.000\nWelcome to the pottery studio.\n")).toBe(true);
    expect(text).toContain("2\n00:00:06.000 --> 00:00:12.500\nClay &amp; water &lt;mix&gt; --&gt; slip.\n");
    // The file itself is still served at its own address.
    expect((await t.request(a.site.slug, `/media/${id}/lesson.mp4`)).status).toBe(200);
  });

  it("names the line that is wrong and changes nothing", async () => {
    const before = await transcriptRow(a.site.accountId, id);
    const cases: [unknown, string][] = [
      [
        {
          segments: [
            { start: 0, end: 6, text: "One" },
            { start: 8, end: 7, text: "Two" },
          ],
        },
        "segments.1.end",
      ],
      [
        {
          segments: [
            { start: 0, end: 6, text: "One" },
            { start: 5, end: 9, text: "Two" },
          ],
        },
        "segments.1.start",
      ],
      [{ segments: [{ start: 0, end: 6, text: "   " }] }, "segments.0.text"],
      [{ segments: [{ start: 0, end: 6 }] }, "segments.0.text"],
    ];
    for (const [json, field] of cases) {
      const e = await expectError(await put(a, id, json), 422, "validation_failed");
      expect((e.details as { field: string }[])[0]?.field, JSON.stringify(json)).toBe(field);
    }
    const line2 = await expectError(await put(a, id, cases[1]?.[0]), 422, "validation_failed");
    expect(line2.message).toBe("Line 2 starts at 00:00:05.000, before line 1 ends");
    expect((await transcriptRow(a.site.accountId, id))?.segments).toEqual(before?.segments);
  });
});

describe("another site", () => {
  it("finds none of this site's recordings, transcripts or captions", async () => {
    const id = await upload(a, "private-lesson.mp4", videoOf(6));
    await transcribe(a, id);
    await expectError(await ask(b, b.ownerCookie, { mediaId: id }), 404, "not_found");
    await expectError(
      await t.request(b.site.slug, `/api/v1/media/${id}/transcript`, { cookie: b.ownerCookie }),
      404,
      "not_found",
    );
    await expectError(await put(b, id, { segments: [{ start: 0, end: 1, text: "Mine now" }] }), 404, "not_found");
    expect((await t.request(b.site.slug, `/media/${id}/captions.vtt`)).status).toBe(404);
    expect((await t.request(b.site.slug, `/media/${id}/private-lesson.mp4`)).status).toBe(404);
    expect((await t.request(a.site.slug, `/media/${id}/captions.vtt`)).status).toBe(200);
    expect((await transcriptRow(a.site.accountId, id))?.segments[0]?.text).not.toBe("Mine now");
  });

  it("a recording without a transcript has no captions", async () => {
    const id = await upload(a, "silent.mp4", videoOf(2));
    expect((await t.request(a.site.slug, `/media/${id}/captions.vtt`)).status).toBe(404);
  });
});

describe("site search", () => {
  it("finds a published course by a word its unit's recording says, on this site only", async () => {
    const said = [{ start: 0, end: 5, text: "Today we study photosynthesis in leaves." }];
    const mine = await upload(a, "biology.mp4", videoOf(5));
    await transcribe(a, mine);
    expect((await put(a, mine, { segments: said })).status).toBe(200);
    await courseWithRecording(a, "Plant biology", mine, "published");
    const drafted = await upload(a, "draft.mp4", videoOf(5));
    await transcribe(a, drafted);
    await put(a, drafted, { segments: [{ start: 0, end: 5, text: "Unreleased photosynthesis notes." }] });
    await courseWithRecording(a, "Draft botany", drafted, "draft");
    const theirs = await upload(b, "biology.mp4", videoOf(5));
    await transcribe(b, theirs);
    await put(b, theirs, { segments: said });
    const other = await courseWithRecording(b, "Their botany", theirs, "published");

    const found = await search(a, "photosynthesis");
    expect(found).toEqual([
      { type: "course", title: "Plant biology · Plant biology lesson", url: "/course/plant-biology" },
    ]);
    expect(await search(a, "photosynthesis leaves")).toHaveLength(1);
    expect(await search(a, "photosynthesis nowhere")).toEqual([]);
    expect((await search(b, "photosynthesis")).map((r) => r.url)).toEqual([`/course/${other.slug}`]);
  });
});

// The course editor's co-instructor picker searches the site's members by name or e-mail on the
// server: only members whose role may teach are offered, never another site's, and only to
// people who may use the instructor area.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";
import { withLoadContext } from "./load-context-app";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let ivy: Awaited<ReturnType<typeof memberOf>>;
let ada: Awaited<ReturnType<typeof memberOf>>;
let sam: Awaited<ReturnType<typeof memberOf>>;
let bea: Awaited<ReturnType<typeof memberOf>>;
let ctx: ReturnType<typeof withLoadContext>;

beforeAll(async () => {
  t = await startTestPlatform();
  ctx = withLoadContext(t);
  A = await siteWithOwner(t, "coi-a");
  B = await siteWithOwner(t, "coi-b");
  ivy = await memberOf(t, A.site, "instructor", "ivy");
  ada = await memberOf(t, A.site, "admin", "ada");
  sam = await memberOf(t, A.site, "student", "sam");
  bea = await memberOf(t, B.site, "instructor", "bea");
});
afterAll(async () => {
  await t?.close();
});

type Candidate = { userId: string; name: string; email: string };
const candidates = async (slug: string, cookie: string, q: string) => {
  const res = await ctx(slug, cookie, (x) => x.services.instructor.courses.coInstructorCandidates(q));
  return { status: res.status, found: res.status === 200 ? ((await body(res)).result as Candidate[]) : [] };
};

describe("co-instructor search", () => {
  it("finds members who may teach by part of their name or e-mail, and no one else", async () => {
    const byName = await candidates(A.site.slug, ivy.cookie, ivy.user.name.slice(0, 6));
    expect(byName.found.map((c) => c.userId)).toEqual([ivy.user.id]);
    expect(byName.found[0]).toEqual({ userId: ivy.user.id, name: ivy.user.name, email: ivy.user.email });

    const byEmail = await candidates(A.site.slug, ivy.cookie, "@example.org");
    const ids = byEmail.found.map((c) => c.userId);
    expect(ids).toContain(ivy.user.id);
    expect(ids).toContain(ada.user.id);
    // A student cannot be a co-instructor, and another site's instructor is not a member here.
    expect(ids).not.toContain(sam.user.id);
    expect(ids).not.toContain(bea.user.id);

    expect((await candidates(A.site.slug, ivy.cookie, sam.user.email)).found).toEqual([]);
    expect((await candidates(A.site.slug, ivy.cookie, bea.user.email)).found).toEqual([]);
  });

  it("is refused to members without the instructor area", async () => {
    const res = await candidates(A.site.slug, sam.cookie, "ivy");
    expect(res.status).toBe(403);
  });
});

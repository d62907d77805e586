// Members are contacts too (decision 0038): someone who joins a site becomes one of its contacts,
// with source `member`, without a verification counted; an
// address the site already had keeps its contact (an unsubscribed one stays unsubscribed); handling
// the join twice makes one contact; another site does not get it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import { contactForMember } from "../../server/modules/audience";
import { events } from "../../server/modules/events";
import { cookieFrom, startTestPlatform, type TestPlatform } from "../support/platform";
import { body, type SiteWithOwner, siteWithOwner, uniqueEmail } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "mac-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "mac-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const signUp = async (s: SiteWithOwner, name: string, email = uniqueEmail("mac")) => {
  const res = await t.request(s.site.slug, "/api/auth/sign-up/email", {
    json: { name, email, password: "a-long-password-1" },
  });
  expect(res.status).toBe(200);
  const me = await body(await t.request(s.site.slug, "/api/v1/me", { cookie: cookieFrom(res) }));
  return { email, memberId: me.member.id as string };
};
const contactsOf = async (s: SiteWithOwner, q: string) =>
  (await body(await t.request(s.site.slug, `/api/v1/contacts?q=${encodeURIComponent(q)}`, { cookie: s.ownerCookie })))
    .items as { id: string; email: string; name: string; status: number; settings: { source?: string } }[];
const verifications = async (s: SiteWithOwner) =>
  (
    (await body(await t.request(s.site.slug, "/api/v1/usage", { cookie: s.ownerCookie }))).meters as {
      key: string;
      used: number;
    }[]
  ).find((m) => m.key === "emailverifications")?.used;

describe("members as contacts", () => {
  it("a person joining becomes a contact with source member, once, on that site only", async () => {
    const before = await verifications(A);
    const person = await signUp(A, "Nora Joiner");
    expect(await contactsOf(A, person.email)).toEqual([]);
    await events.drain(t.database.db, A.site.accountId);
    const [contact] = await contactsOf(A, person.email);
    expect(contact).toMatchObject({
      email: person.email,
      name: "Nora Joiner",
      status: 1,
      settings: { source: "member" },
    });
    // No verification was spent on an address verified at sign-up.
    expect(await verifications(A)).toBe(before);

    // Handling the join again changes nothing.
    await contactForMember(t.database.db, A.site.accountId, person.memberId);
    expect(await contactsOf(A, person.email)).toHaveLength(1);
    expect(await contactsOf(B, person.email)).toEqual([]);
  });

  it("keeps an existing contact as it is, unsubscribed included", async () => {
    const email = uniqueEmail("mac-known");
    const made = await body(
      await t.request(A.site.slug, "/api/v1/contacts", { cookie: A.ownerCookie, json: { email, name: "Known" } }),
    );
    await t.request(A.site.slug, `/api/v1/contacts/${made.id}`, {
      method: "PATCH",
      cookie: A.ownerCookie,
      json: { status: 0 },
    });
    await signUp(A, "Someone Else", email);
    await events.drain(t.database.db, A.site.accountId);
    const found = await contactsOf(A, email);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: made.id, name: "Known", status: 0, settings: { source: "manual" } });
  });
});

// Forms (decision 0039): managers build forms with the `forms` plan feature; a visitor's submission
// on the site's host (CORS open, JSON or form-encoded) creates or merges the contact only once its
// address passes verification, puts it on the form's lists and tags, stores the submission, records
// the contact's history and emits form_submitted; bad values are refused per field, a honeypot hit
// keeps nothing, an address is rate-limited, parallel submissions of one address make one contact;
// another site's forms answer 404; the CSV export cannot run formulas.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAN_IDS } from "../../core/plans";
import {
  eventOutbox,
  formSubmissions,
  mailingContactEvents,
  mailingContacts,
  mailingListContact,
} from "../../server/db/schema";
import { withPlatform } from "../../server/db/tenant";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let Starter: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "forms-a", { plan: PLAN_IDS.professional });
  B = await siteWithOwner(t, "forms-b", { plan: PLAN_IDS.professional });
  Starter = await siteWithOwner(t, "forms-s", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

/** A visitor's submission from another origin, with no cookies, from the given address. */
const submit = (s: SiteWithOwner, formId: string, values: unknown, ip = `visitor-${uid()}`) =>
  t.request(s.site.slug, `/api/forms/${formId}/submit`, {
    json: values,
    headers: { origin: "https://elsewhere.example", "x-test-client-ip": ip },
  });

const fields = [
  { type: "email", name: "email", label: "E-mail", required: true, message: "Tell us your e-mail" },
  { type: "text", name: "name", label: "Name", required: false },
  { type: "select", name: "level", label: "Level", required: true, options: ["Beginner", "Advanced"] },
  { type: "checkbox", name: "consent", label: "I agree", required: true, message: "Please agree" },
  { type: "hidden", name: "campaign", label: "", required: false, defaultValue: "spring" },
];

async function newForm(s: SiteWithOwner, json: Record<string, unknown> = {}) {
  const res = await api(s, "/forms", { json: { name: `Sign-up ${uid()}`, fields, ...json } });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(201);
  return b as { id: string; name: string; fields: { id: string; name: string }[]; submissions: number };
}

async function newList(s: SiteWithOwner) {
  const res = await api(s, "/lists", { json: { name: `List ${uid()}` } });
  expect(res.status).toBe(201);
  return (await body(res)) as { id: string };
}

const firstProblem = (e: { details?: unknown }) => (e.details as { field: string; message: string }[])[0];

const contactOf = (accountId: string, email: string) =>
  withPlatform(t.database.db, (tx) =>
    tx
      .select()
      .from(mailingContacts)
      .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.email, email))),
  );

describe("form definitions", () => {
  it("creates, reads, changes and removes a form; each field gets an id", async () => {
    const form = await newForm(A);
    expect(form.fields.every((f) => f.id)).toBe(true);
    expect(form.submissions).toBe(0);
    const list = await body(await api(A, "/forms"));
    expect(list.items.map((f: { id: string }) => f.id)).toContain(form.id);
    const patched = await api(A, `/forms/${form.id}`, {
      method: "PATCH",
      json: { name: "Renamed", status: "inactive" },
    });
    expect(await body(patched)).toMatchObject({ name: "Renamed", status: "inactive" });
    expect((await api(A, `/forms/${form.id}`, { method: "DELETE" })).status).toBe(204);
    await expectError(await api(A, `/forms/${form.id}`), 404, "not_found");
  });

  it("refuses a definition naming the problem: no e-mail field, two fields of one name, a select without options", async () => {
    const noEmail = await api(A, "/forms", { json: { name: "x", fields: [fields[1]] } });
    const e1 = await expectError(noEmail, 422, "validation_failed");
    expect(firstProblem(e1)).toEqual({
      field: "fields",
      message: "A form needs an e-mail field: it makes the contact",
    });
    const twice = await api(A, "/forms", { json: { name: "x", fields: [fields[0], { ...fields[1], name: "email" }] } });
    expect(firstProblem(await expectError(twice, 422, "validation_failed")).field).toBe("fields.1.name");
    const noOptions = await api(A, "/forms", {
      json: { name: "x", fields: [fields[0], { ...fields[2], options: [] }] },
    });
    expect(firstProblem(await expectError(noOptions, 422, "validation_failed")).field).toBe("fields.1.options");
  });

  it("needs the forms plan feature", async () => {
    await expectError(await api(Starter, "/forms"), 403, "plan_required");
    await expectError(await api(Starter, "/forms", { json: { name: "x", fields } }), 403, "plan_required");
  });

  it("stops taking visitors' submissions once the plan no longer has forms, keeping the form and what it took", async () => {
    const P = await siteWithOwner(t, "forms-down", { plan: PLAN_IDS.professional });
    const form = await newForm(P);
    const values = { email: `kept-${uid()}@school.org`, level: "Beginner", consent: true };
    expect((await submit(P, form.id, values)).status).toBe(200);
    expect(await countFor(t, formSubmissions, P.site.accountId)).toBe(1);

    await accounts.update(t.database.db, P.site.accountId, {
      settings: { ...P.site.settings, plan: PLAN_IDS.starter },
    });
    const refused = await expectError(
      await submit(P, form.id, { ...values, email: `late-${uid()}@school.org` }),
      403,
      "plan_required",
    );
    expect(refused.details).toMatchObject({ feature: "forms", plan: { slug: "starter" } });
    await expectError(await t.request(P.site.slug, `/api/forms/${form.id}`), 403, "plan_required");
    expect(await countFor(t, formSubmissions, P.site.accountId)).toBe(1);

    // Back on a plan with forms, the same form takes submissions again.
    await accounts.update(t.database.db, P.site.accountId, {
      settings: { ...P.site.settings, plan: PLAN_IDS.professional },
    });
    expect((await submit(P, form.id, { ...values, email: `again-${uid()}@school.org` })).status).toBe(200);
    expect(await countFor(t, formSubmissions, P.site.accountId)).toBe(2);
  });

  it("answers 404 for another site's form, and leaves it as it was", async () => {
    const form = await newForm(B);
    await expectError(await api(A, `/forms/${form.id}`), 404, "not_found");
    await expectError(
      await api(A, `/forms/${form.id}`, { method: "PATCH", json: { name: "Taken" } }),
      404,
      "not_found",
    );
    await expectError(await api(A, `/forms/${form.id}`, { method: "DELETE" }), 404, "not_found");
    await expectError(await api(A, `/forms/${form.id}/submissions`), 404, "not_found");
    await expectError(await api(A, `/forms/${form.id}/submissions.csv`), 404, "not_found");
    // Submitted on A's host, B's form does not exist.
    await expectError(await submit(A, form.id, { email: "x@school.org" }), 404, "not_found");
    expect(await body(await api(B, `/forms/${form.id}`))).toMatchObject({ name: form.name });
  });
});

describe("a visitor's submission", () => {
  it("answers a CORS preflight from any origin", async () => {
    const form = await newForm(A);
    const res = await t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
      method: "OPTIONS",
      headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
  });

  it("creates the contact from a verified address, on the form's lists and tags, stores it, records history and emits form_submitted", async () => {
    const list = await newList(A);
    const form = await newForm(A, { settings: { listIds: [list.id], tags: ["lead"], successMessage: "Thanks!" } });
    const email = `Ada.${uid()}@School.org`;
    const res = await submit(A, form.id, { email, name: "Ada", level: "Advanced", consent: true, campaign: "forged" });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(await body(res)).toMatchObject({ status: "ok", message: "Thanks!" });

    const [contact] = await contactOf(A.site.accountId, email.toLowerCase());
    expect(contact).toMatchObject({ name: "Ada", settings: { source: "form", form_id: form.id } });
    expect(contact.tags).toContain("lead");
    const onList = await withPlatform(t.database.db, (tx) =>
      tx.select().from(mailingListContact).where(eq(mailingListContact.contactId, contact.id)),
    );
    expect(onList.map((m) => m.listId)).toEqual([list.id]);

    const subs = await body(await api(A, `/forms/${form.id}/submissions`));
    expect(subs.total).toBe(1);
    expect(subs.items[0]).toMatchObject({
      contactId: contact.id,
      data: { email: email.toLowerCase(), name: "Ada", level: "Advanced", consent: true, campaign: "spring" },
    });

    const history = await withPlatform(t.database.db, (tx) =>
      tx.select().from(mailingContactEvents).where(eq(mailingContactEvents.contactId, contact.id)),
    );
    // The new contact's history: created from the form, then the submission.
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "created", data: { source: "form" } }),
        expect.objectContaining({
          kind: "form_submitted",
          data: expect.objectContaining({ formId: form.id, formName: form.name }),
        }),
      ]),
    );
    expect(history).toHaveLength(2);
    const emitted = await withPlatform(t.database.db, (tx) =>
      tx
        .select()
        .from(eventOutbox)
        .where(and(eq(eventOutbox.accountId, A.site.accountId), eq(eventOutbox.type, "form_submitted"))),
    );
    expect(emitted.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ formId: form.id, contactId: contact.id, email: email.toLowerCase() }),
    );
    expect(await body(await api(A, `/contacts/${contact.id}`))).toMatchObject({ email: email.toLowerCase() });
  });

  it("takes a form post too, and merges a known address into its contact", async () => {
    const form = await newForm(A);
    const email = `bo.${uid()}@school.org`;
    const post = (name: string) =>
      t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
        method: "POST",
        body: new URLSearchParams({ email, name, level: "Beginner", consent: "on" }),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-test-client-ip": `post-${uid()}` },
      });
    expect((await post("Bo")).status).toBe(200);
    expect((await post("Other")).status).toBe(200);
    const found = await contactOf(A.site.accountId, email);
    expect(found).toHaveLength(1);
    expect(found[0].name).toBe("Bo");
    expect((await body(await api(A, `/forms/${form.id}/submissions`))).total).toBe(2);
  });

  it("refuses bad values naming each field with the form's message, and keeps nothing", async () => {
    const form = await newForm(A);
    const before = await countFor(t, formSubmissions, A.site.accountId);
    const res = await submit(A, form.id, { email: "nope", level: "Expert" });
    const e = await expectError(res, 422, "validation_failed");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(e.details).toEqual([
      { field: "email", message: "Tell us your e-mail" },
      { field: "level", message: "Choose one of the options" },
      { field: "consent", message: "Please agree" },
    ]);
    expect(await countFor(t, formSubmissions, A.site.accountId)).toBe(before);
  });

  it("creates no contact and stores nothing when verification refuses the address", async () => {
    const form = await newForm(A);
    const contactsBefore = await countFor(t, mailingContacts, A.site.accountId);
    const res = await submit(A, form.id, { email: `x${uid()}@mailinator.com`, level: "Beginner", consent: true });
    const e = await expectError(res, 422, "validation_failed");
    expect(e.details).toEqual([{ field: "email", message: "Tell us your e-mail" }]);
    expect(await countFor(t, mailingContacts, A.site.accountId)).toBe(contactsBefore);
    expect((await body(await api(A, `/forms/${form.id}/submissions`))).total).toBe(0);
  });

  it("answers a filled honeypot as a success and keeps nothing", async () => {
    const form = await newForm(A);
    const email = `bot.${uid()}@school.org`;
    const res = await submit(A, form.id, { email, level: "Beginner", consent: true, _hp: "http://spam.example" });
    expect(res.status).toBe(200);
    expect(await contactOf(A.site.accountId, email)).toHaveLength(0);
    expect((await body(await api(A, `/forms/${form.id}/submissions`))).total).toBe(0);
  });

  it("lets one address submit five times in ten minutes, then answers 429 with Retry-After", async () => {
    const form = await newForm(A);
    const ip = `rate-${uid()}`;
    const send = () =>
      t.request(A.site.slug, `/api/forms/${form.id}/submit`, {
        json: { email: `r.${uid()}@school.org`, level: "Beginner", consent: true },
        headers: { "x-test-client-ip": ip },
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    await expectError(refused, 429, "rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    // Another address is not held back.
    expect(
      (await submit(A, form.id, { email: `r.${uid()}@school.org`, level: "Beginner", consent: true })).status,
    ).toBe(200);
  });

  it("counts the limit in the shared request limits, one window per form and address", async () => {
    const form = await newForm(A);
    expect(
      (await submit(A, form.id, { email: `w.${uid()}@school.org`, level: "Beginner", consent: true })).status,
    ).toBe(200);
    const rows = (
      await t.database.sql("select hits from request_limits where key like $1", [
        `form:${A.site.accountId}:${form.id}:%`,
      ])
    ).rows as { hits: number }[];
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it("keeps neither the contact nor the submission when storing the submission fails", async () => {
    const form = await newForm(A);
    const email = `boom.${uid()}@school.org`;
    // The database refuses this one submission after the contact has been written.
    await t.database.sql(`create or replace function refuse_boom() returns trigger language plpgsql as $$
      begin if new.data->>'email' like 'boom.%' then raise exception 'refused for the test'; end if; return new; end $$`);
    await t.database.sql(
      "create trigger refuse_boom before insert on form_submissions for each row execute function refuse_boom()",
    );
    try {
      const res = await submit(A, form.id, { email, level: "Beginner", consent: true });
      expect(res.status).toBe(500);
    } finally {
      await t.database.sql("drop trigger refuse_boom on form_submissions");
    }
    expect(await contactOf(A.site.accountId, email)).toHaveLength(0);
    expect((await body(await api(A, `/forms/${form.id}/submissions`))).total).toBe(0);
    // Sent again once the database takes it, everything is kept.
    expect((await submit(A, form.id, { email, level: "Beginner", consent: true })).status).toBe(200);
    expect(await contactOf(A.site.accountId, email)).toHaveLength(1);
  });

  it("answers 404 for an inactive form", async () => {
    const form = await newForm(A, { status: "inactive" });
    await expectError(await submit(A, form.id, { email: "a@school.org" }), 404, "not_found");
  });

  it("makes one contact of parallel submissions of one address", async () => {
    const form = await newForm(A);
    const email = `race.${uid()}@school.org`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => submit(A, form.id, { email, level: "Beginner", consent: true })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await contactOf(A.site.accountId, email)).toHaveLength(1);
    expect((await body(await api(A, `/forms/${form.id}/submissions`))).total).toBe(4);
  });

  it("exports the submissions as CSV that cannot run formulas", async () => {
    const form = await newForm(A);
    await submit(A, form.id, {
      email: `c.${uid()}@school.org`,
      name: '=HYPERLINK("http://evil")',
      level: "Beginner",
      consent: true,
    });
    const res = await api(A, `/forms/${form.id}/submissions.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe("E-mail,Name,Level,I agree,campaign,submitted_at,contact_id");
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

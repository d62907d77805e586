// CSV import of contacts (decision 0043): a good file creates and merges contacts, puts them on the
// chosen list with the chosen tags and reports what it did; a file with bad rows imports nothing
// and names each bad row once; new addresses are counted against the month's verifications and a
// file that would pass the limit is refused before anything is written; another site's list is not
// found; only managers may import; two overlapping imports at once make no duplicate contact.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts, runImport } from "../../server/modules/audience";
import { periodOf } from "../../server/modules/usage";
import { PLAN_IDS } from "../../core/plans";
import { contactImports as contactImportsTable, mailingContacts, usageMeters } from "../../server/db/schema";
import { withPlatform, withTenant } from "../../server/db/tenant";
import { startTestPlatform, type TestPlatform } from "../support/platform";
import { body, countFor, expectError, memberOf, type SiteWithOwner, siteWithOwner, uid } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "imp-a", { plan: PLAN_IDS.starter });
  B = await siteWithOwner(t, "imp-b", { plan: PLAN_IDS.starter });
});
afterAll(async () => {
  await t?.close();
});

type Import = {
  id: string;
  status: string;
  total: number;
  processed: number;
  counts: { created: number; updated: number; unchanged: number; skipped: number };
  failure: { code: string } | null;
};

const api = (s: SiteWithOwner, path: string, init: RequestInit & { json?: unknown } = {}) =>
  t.request(s.site.slug, `/api/v1${path}`, { cookie: s.ownerCookie, ...init });

const mapping = (...targets: string[]) =>
  targets.map((x) => (x.startsWith("field:") ? { target: "field", field: x.slice(6) } : { target: x }));

async function finished(s: SiteWithOwner, id: string): Promise<Import> {
  for (let i = 0; i < 600; i++) {
    const imp = (await body(await api(s, `/contacts/imports/${id}`))) as Import;
    if (imp.status === "done" || imp.status === "failed") return imp;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("The import did not finish");
}

async function importFile(s: SiteWithOwner, json: Record<string, unknown>) {
  const res = await api(s, "/contacts/imports", { json });
  const b = await body(res);
  expect(res.status, JSON.stringify(b)).toBe(202);
  return finished(s, (b as Import).id);
}

async function verifications(accountId: string): Promise<number> {
  const [row] = await withPlatform(t.database.db, (tx) =>
    tx
      .select({ value: usageMeters.value })
      .from(usageMeters)
      .where(
        and(
          eq(usageMeters.accountId, accountId),
          eq(usageMeters.meter, "emailverifications"),
          eq(usageMeters.period, periodOf()),
        ),
      ),
  );
  return Number(row?.value ?? 0);
}

const contactOf = async (s: SiteWithOwner, email: string) => {
  const res = (await body(await api(s, `/contacts?q=${encodeURIComponent(email)}`))) as {
    items: { id: string; email: string; name: string; status: number; tags: string[]; fields: object }[];
  };
  return res.items.find((c) => c.email === email);
};

describe("field columns", () => {
  it("refuses a column mapped to a field the site does not define, and a value that does not fit its type", async () => {
    const n = uid();
    const undefinedKey = await api(A, "/contacts/imports", {
      json: { csv: `email,Nope\r\nx-${n}@school.org,1\r\n`, mapping: mapping("email", "field:nope_field") },
    });
    expect(undefinedKey.status).toBe(422);
    expect(JSON.stringify(await undefinedKey.json())).toContain("nope_field");
    await api(A, "/fields", { json: { key: `seats_${n}`.toLowerCase(), label: "Seats", type: "number" } });
    const typed = await api(A, "/contacts/imports", {
      json: {
        csv: `email,Seats\r\ny-${n}@school.org,12\r\nz-${n}@school.org,many\r\n`,
        mapping: mapping("email", `field:seats_${n}`.toLowerCase()),
      },
    });
    expect(typed.status).toBe(422);
    const details = JSON.stringify(await typed.json());
    expect(details).toContain('"row":3');
    expect(details).toContain("field_invalid");
  });
});

describe("a good file", () => {
  it("creates new contacts, merges known ones, adds them to the list with the tags, and reports the counts", async () => {
    const n = uid();
    // Field columns go to fields the site defines.
    for (const key of ["city", "company"]) await api(A, "/fields", { json: { key, label: key, type: "text" } });
    const known = await body(
      await api(A, "/contacts", { json: { email: `known-${n}@school.org`, tags: ["old"], fields: { city: "Rome" } } }),
    );
    const off = await body(await api(A, "/contacts", { json: { email: `off-${n}@school.org`, name: "Off" } }));
    await api(A, `/contacts/${off.id}`, { method: "PATCH", json: { status: 0 } });
    const same = await body(await api(A, "/contacts", { json: { email: `same-${n}@school.org`, name: "Same" } }));
    const list = await body(await api(A, "/lists", { json: { name: `Imported ${n}` } }));
    const before = await verifications(A.site.accountId);

    const csv =
      "\uFEFFE-mail;Name;Tags;Company\r\n" +
      `New-${n}@School.org;Ada;a,b;Acme\r\n` +
      `known-${n}@school.org;Known;vip;\r\n` +
      `OFF-${n}@school.org;;;\r\n` +
      `same-${n}@school.org;;;\r\n` +
      `new-${n}@school.org;;c;"Acme; Ltd"\r\n` +
      ";;;\r\n";
    const imp = await importFile(A, {
      fileName: "people.csv",
      csv,
      mapping: mapping("email", "name", "tags", "field:company"),
      listId: list.id,
      tags: ["spring"],
    });
    expect(imp.status).toBe("done");
    expect(imp.total).toBe(4);
    expect(imp.processed).toBe(4);
    // same-… gets the "spring" tag, so it changes too; the duplicate and the empty row are skipped.
    expect(imp.counts).toEqual({ created: 1, updated: 3, unchanged: 0, skipped: 2 });
    expect(await verifications(A.site.accountId)).toBe(before + 1);

    const created = await contactOf(A, `new-${n}@school.org`);
    expect(created).toMatchObject({ name: "Ada", status: 1, fields: { company: "Acme; Ltd" } });
    expect(created?.tags.sort()).toEqual(["a", "b", "c", "spring"]);
    const history = await contacts.history(t.database.db, A.site.accountId, created?.id ?? "");
    expect(history.map((e) => [e.kind, e.data.source])).toEqual([["imported", "import"]]);

    expect(await contactOf(A, `known-${n}@school.org`)).toMatchObject({
      id: known.id,
      name: "Known",
      tags: ["old", "vip", "spring"],
      fields: { city: "Rome" },
    });
    // An inactive contact stays inactive.
    expect((await contactOf(A, `off-${n}@school.org`))?.status).toBe(0);
    const onList = (await body(await api(A, `/contacts?listId=${list.id}`))) as { total: number };
    expect(onList.total).toBe(4);

    // The same file again changes nothing and costs nothing.
    const again = await importFile(A, {
      csv,
      mapping: mapping("email", "name", "tags", "field:company"),
      listId: list.id,
      tags: ["spring"],
    });
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 4, skipped: 2 });
    expect(await verifications(A.site.accountId)).toBe(before + 1);
    expect(same.name).toBe("Same");
  });
});

describe("a file with bad rows", () => {
  it("imports nothing and names exactly the bad rows", async () => {
    const n = uid();
    const before = await countFor(t, mailingContacts, A.site.accountId);
    const res = await api(A, "/contacts/imports", {
      json: {
        csv: `email,status\ngood-${n}@school.org,active\nnot-an-address,active\nfine-${n}@school.org,\nbad-${n}@school.org,maybe\n`,
        mapping: mapping("email", "status"),
      },
    });
    const err = await expectError(res, 422, "validation_failed");
    expect(err.details).toEqual([
      expect.objectContaining({ field: "csv", row: 3, column: "email", code: "email_invalid" }),
      expect.objectContaining({ field: "csv", row: 5, column: "status", code: "status_unknown" }),
    ]);
    expect(await countFor(t, mailingContacts, A.site.accountId)).toBe(before);
  });

  it("refuses a mapping without an e-mail column, naming the mapping", async () => {
    const err = await expectError(
      await api(A, "/contacts/imports", { json: { csv: "a,b\nx,y\n", mapping: mapping("name", "skip") } }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(err.details)).toContain('"mapping"');
  });
});

describe("verifications", () => {
  it("refuses a file with more new addresses than the month's verifications left, writing nothing", async () => {
    const s = await siteWithOwner(t, "imp-limit", { plan: PLAN_IDS.starter });
    await withPlatform(t.database.db, (tx) =>
      tx
        .insert(usageMeters)
        .values({ accountId: s.site.accountId, meter: "emailverifications", period: periodOf(), value: 98 }),
    );
    const csv = `email\na-${uid()}@school.org\nb-${uid()}@school.org\nc-${uid()}@school.org\n`;
    const err = await expectError(
      await api(s, "/contacts/imports", { json: { csv, mapping: mapping("email") } }),
      403,
      "plan_limit",
    );
    expect(err.details).toMatchObject({ limit: "email_verify", used: 98 });
    expect(await countFor(t, mailingContacts, s.site.accountId)).toBe(0);
    expect(await verifications(s.site.accountId)).toBe(98);
    // Two new addresses still fit.
    const ok = await importFile(s, { csv: csv.split("\n").slice(0, 3).join("\n"), mapping: mapping("email") });
    expect(ok.counts.created).toBe(2);
    expect(await verifications(s.site.accountId)).toBe(100);
  });
});

describe("the job", () => {
  it("fails with plan_limit and writes nothing when the verifications ran out after the upload", async () => {
    const s = await siteWithOwner(t, "imp-late", { plan: PLAN_IDS.starter });
    const accountId = s.site.accountId;
    const [row] = await withTenant(t.database.db, accountId, (tx) =>
      tx
        .insert(contactImportsTable)
        .values({
          accountId,
          total: 2,
          contacts: [`p-${uid()}@school.org`, `q-${uid()}@school.org`].map((email) => ({
            email,
            name: "",
            status: null,
            tags: [],
            fields: {},
          })),
        })
        .returning(),
    );
    await withPlatform(t.database.db, (tx) =>
      tx.insert(usageMeters).values({ accountId, meter: "emailverifications", period: periodOf(), value: 99 }),
    );
    await runImport(
      t.database.db,
      { accountId, importId: row.id, plan: PLAN_IDS.starter, isPlatform: false },
      { id: "", retryCount: 0, retryLimit: 0 },
    );
    const imp = (await body(await api(s, `/contacts/imports/${row.id}`))) as Import;
    expect(imp.status).toBe("failed");
    expect(imp.failure?.code).toBe("plan_limit");
    expect(await countFor(t, mailingContacts, accountId)).toBe(0);
    expect(await verifications(accountId)).toBe(99);
  });
});

describe("access", () => {
  it("answers 404 for another site's list and import, and writes nothing", async () => {
    const list = await body(await api(A, "/lists", { json: { name: `A only ${uid()}` } }));
    const before = await countFor(t, mailingContacts, B.site.accountId);
    await expectError(
      await api(B, "/contacts/imports", {
        json: { csv: `email\nx-${uid()}@school.org\n`, mapping: mapping("email"), listId: list.id },
      }),
      404,
      "not_found",
    );
    expect(await countFor(t, mailingContacts, B.site.accountId)).toBe(before);
    const imp = await importFile(A, { csv: `email\ny-${uid()}@school.org\n`, mapping: mapping("email") });
    await expectError(await api(B, `/contacts/imports/${imp.id}`), 404, "not_found");
  });

  it("refuses members who are not managers", async () => {
    const m = await memberOf(t, A.site, "student", "imp-student");
    const res = await t.request(A.site.slug, "/api/v1/contacts/imports", {
      cookie: m.cookie,
      json: { csv: `email\nz-${uid()}@school.org\n`, mapping: mapping("email") },
    });
    await expectError(res, 403, "forbidden");
  });
});

describe("at once", () => {
  it("two overlapping files imported together make no duplicate contact", async () => {
    const s = await siteWithOwner(t, "imp-race", { plan: PLAN_IDS.starter });
    const n = uid();
    const emails = Array.from({ length: 30 }, (_, i) => `r${i}-${n}@school.org`);
    const first = `email,name\n${emails
      .slice(0, 20)
      .map((e) => `${e},First`)
      .join("\n")}\n`;
    const second = `email,name\n${emails
      .slice(10)
      .map((e) => `${e.toUpperCase()},Second`)
      .join("\n")}\n`;
    const [a, b] = await Promise.all(
      [first, second].map((csv) => api(s, "/contacts/imports", { json: { csv, mapping: mapping("email", "name") } })),
    );
    expect([a.status, b.status]).toEqual([202, 202]);
    const done = await Promise.all([finished(s, (await body(a)).id), finished(s, (await body(b)).id)]);
    expect(done.map((d) => d.status)).toEqual(["done", "done"]);
    expect(done[0].counts.created + done[1].counts.created).toBe(30);
    const [{ n: rows }] = (
      (await withPlatform(t.database.db, (tx) =>
        tx.execute(
          sql`select count(*)::int as n, count(distinct email)::int as d from mailing_contacts where account_id = ${s.site.accountId}`,
        ),
      )) as unknown as { rows: { n: number; d: number }[] }
    ).rows;
    expect(rows).toBe(30);
    expect(await verifications(s.site.accountId)).toBe(30);
  });
});

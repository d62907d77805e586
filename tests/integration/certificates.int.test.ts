// Certificates (spec §3): a student's own list, public verification by code on the issuing site
// (names, title, date, site title; nothing else), the PDF by code, and unknown or another site's
// codes answering 404.
import { PDFDict, PDFDocument, PDFName, type PDFString } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../server/db/tenant";
import { loadCourse } from "../../server/modules/courses";
import { issueCertificate } from "../../server/modules/enrolment";
import { buildCourse, buildEnrolment } from "../../server/seed/course-builders";
import { accounts } from "../../server/modules/accounts";
import { startTestPlatform, TEST_BASE, type TestPlatform } from "../support/platform";
import { body, expectError, memberOf, type SiteWithOwner, siteWithOwner } from "./helpers";

let t: TestPlatform;
let A: SiteWithOwner;
let B: SiteWithOwner;
let code: string;
let student: Awaited<ReturnType<typeof memberOf>>;
const title = "Pottery Mastery";

beforeAll(async () => {
  t = await startTestPlatform();
  A = await siteWithOwner(t, "cert-a");
  B = await siteWithOwner(t, "cert-b");
  const course = await buildCourse(t.database.db, A.site, A.owner, {
    title,
    certificate: { enabled: true, title: "Diploma", body: "{{student}} finished {{course}} on {{date}} ({{code}})" },
    curriculum: [{ unit: "Only unit" }],
  });
  student = await memberOf(t, A.site, "student", "grad");
  await buildEnrolment(t.database.db, A.site, course.course.id, student.user.id, { progress: 100 });
  code = await withTenant(t.database.db, A.site.accountId, async (tx) =>
    issueCertificate(
      tx,
      A.site.accountId,
      await loadCourse(tx, A.site.accountId, course.course.id),
      student.user.id,
      [],
    ),
  );
});
afterAll(async () => {
  await t?.close();
});

describe("certificates", () => {
  it("lists the student's own certificates only", async () => {
    const mine = await body(await t.request(A.site.slug, "/api/v1/certificates", { cookie: student.cookie }));
    expect(mine.items).toEqual([expect.objectContaining({ code, courseTitle: title })]);
    const owner = await body(await t.request(A.site.slug, "/api/v1/certificates", { cookie: A.ownerCookie }));
    expect(owner.items).toEqual([]);
    expect((await t.request(A.site.slug, "/api/v1/certificates")).status).toBe(401);
  });

  it("verifies a code publicly with names, title, date and site title only", async () => {
    const v = await body(await t.request(A.site.slug, `/api/v1/certificates/${code}`));
    expect(Object.keys(v).sort()).toEqual(["code", "courseTitle", "issuedAt", "siteTitle", "studentName"]);
    expect(v).toMatchObject({ code, courseTitle: title, studentName: student.user.name });
    expect(v.siteTitle).toBe(A.site.settings.sitetitle);
  });

  it("answers 404 for an unknown code and for another site's code", async () => {
    await expectError(await t.request(A.site.slug, "/api/v1/certificates/NOSUCHCODE22"), 404, "not_found");
    await expectError(await t.request(B.site.slug, `/api/v1/certificates/${code}`), 404, "not_found");
    await expectError(await t.request(B.site.slug, `/api/v1/certificates/${code}/pdf`), 404, "not_found");
  });

  it("serves the PDF as an attachment: A4 landscape with the course title", async () => {
    const res = await t.request(A.site.slug, `/api/v1/certificates/${code}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getSubject()).toBe(title);
    expect(doc.getTitle()).toContain("Diploma");
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(Math.round(width)).toBe(842);
  });

  it("links the PDF's verification address to the site's real address, its custom domain once it has one", async () => {
    const verifyLink = async () => {
      const res = await t.request(A.site.slug, `/api/v1/certificates/${code}/pdf`);
      const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
      const annots = doc.getPage(0).node.Annots();
      const uris = (annots?.asArray() ?? []).map((ref) => {
        const action = doc.context.lookup(ref, PDFDict).lookup(PDFName.of("A"), PDFDict);
        return (action.lookup(PDFName.of("URI")) as PDFString).decodeText();
      });
      return uris;
    };
    // The test installation serves plain http (PUBLIC_SCHEME): never a made-up https.
    expect(await verifyLink()).toEqual([`http://${A.site.slug}.${TEST_BASE}/certificate/${code}`]);
    await accounts.update(t.database.db, A.site.accountId, { domain: "pottery-school.example.org" });
    expect(await verifyLink()).toEqual([`http://pottery-school.example.org/certificate/${code}`]);
    await accounts.update(t.database.db, A.site.accountId, { domain: null });
  });
});

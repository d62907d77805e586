// Certificates after issue (issuing is enrolment/progress.ts): a student's own list, and the public
// verification of one by its unguessable code on the site that issued it.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { certificates, courses } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { notFound } from "../../errors";

export type MyCertificate = { code: string; courseId: string; courseTitle: string; issuedAt: string };
/** What anyone holding the code may see: nothing beyond names, title and date. */
export type CertificateVerification = { code: string; studentName: string; courseTitle: string; issuedAt: string };

const CODE = /^[A-Z0-9]{6,32}$/;

export async function myCertificates(db: Db, accountId: string, studentId: string): Promise<MyCertificate[]> {
  const rows = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(certificates)
      .where(and(eq(certificates.accountId, accountId), eq(certificates.studentId, studentId)))
      .orderBy(desc(certificates.issuedAt)),
  );
  return rows.map((r) => ({
    code: r.code,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    issuedAt: r.issuedAt.toISOString(),
  }));
}

/** A certificate of this site by code, with its course's template for the PDF. */
export async function certificateByCode(db: Db, accountId: string, code: string) {
  const wanted = code.trim().toUpperCase();
  if (!CODE.test(wanted)) throw notFound("Certificate");
  const row = await withTenant(db, accountId, async (tx) => {
    const [r] = await tx
      .select({ cert: certificates, template: courses.certificate })
      .from(certificates)
      .leftJoin(courses, and(eq(courses.accountId, certificates.accountId), eq(courses.id, certificates.courseId)))
      .where(and(eq(certificates.accountId, accountId), eq(certificates.code, wanted)));
    return r;
  });
  if (!row) throw notFound("Certificate");
  const verification: CertificateVerification = {
    code: row.cert.code,
    studentName: row.cert.studentName,
    courseTitle: row.cert.courseTitle,
    issuedAt: row.cert.issuedAt.toISOString(),
  };
  return { verification, template: row.template ?? null };
}

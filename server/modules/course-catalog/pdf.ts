// The certificate as a PDF (A4 landscape): heading, body with the tokens filled in, a signature
// line and the address that verifies it, on the site's real address and clickable. Standard fonts
// only cover Latin-1, so other characters become "?" rather than failing the download.
import { PDFDocument, type PDFFont, PDFString, StandardFonts } from "pdf-lib";
import { certificateText, certificateUrl } from "../../../core/certificate-template";
import type { CertificateTemplate } from "../../db/schema";
import { encodable, INK, MUTED, wrap } from "../pdf";
import type { CertificateVerification } from "./certificates";

const A4_LANDSCAPE: [number, number] = [841.89, 595.28];
const MARGIN = 70;

export async function renderCertificatePdf(
  cert: CertificateVerification,
  template: CertificateTemplate | null,
  site: { origin: string; title: string; locale?: string },
): Promise<Uint8Array> {
  const date = new Date(cert.issuedAt).toLocaleDateString(site.locale ?? "en", { dateStyle: "long", timeZone: "UTC" });
  const text = certificateText(template, {
    student: cert.studentName,
    course: cert.courseTitle,
    date,
    code: cert.code,
  });
  const url = certificateUrl(site.origin, cert.code);
  const doc = await PDFDocument.create();
  doc.setTitle(`${text.title} – ${cert.courseTitle}`);
  doc.setSubject(cert.courseTitle);
  doc.setAuthor(site.title);
  doc.setCreator("Atrium");
  const page = doc.addPage(A4_LANDSCAPE);
  const [w, h] = A4_LANDSCAPE;
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const centred = (s: string, y: number, font: PDFFont, size: number, color = INK) => {
    const safe = encodable(font, s);
    page.drawText(safe, { x: (w - font.widthOfTextAtSize(safe, size)) / 2, y, size, font, color });
  };

  page.drawRectangle({ x: 24, y: 24, width: w - 48, height: h - 48, borderColor: MUTED, borderWidth: 2 });
  centred(site.title, h - 90, regular, 14, MUTED);
  centred(text.title, h - 150, bold, 34);
  let y = h - 220;
  for (const line of wrap(regular, encodable(regular, text.body), 16, w - 2 * MARGIN)) {
    centred(line, y, regular, 16);
    y -= 24;
  }
  // Signature line, bottom left; verification address, bottom centre.
  page.drawLine({ start: { x: MARGIN, y: 130 }, end: { x: MARGIN + 220, y: 130 }, thickness: 1, color: INK });
  page.drawText(encodable(regular, text.signature), { x: MARGIN, y: 112, size: 12, font: regular, color: MUTED });
  page.drawText(encodable(regular, date), { x: w - MARGIN - 200, y: 112, size: 12, font: regular, color: MUTED });
  const verify = encodable(regular, `Verify: ${url}`);
  const size = 10;
  const x = (w - regular.widthOfTextAtSize(verify, size)) / 2;
  page.drawText(verify, { x, y: 60, size, font: regular, color: MUTED });
  // The address is also a link, so a reader of the PDF can open it.
  page.node.addAnnot(
    doc.context.register(
      doc.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [x, 56, x + regular.widthOfTextAtSize(verify, size), 56 + size + 4],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
      }),
    ),
  );
  return doc.save();
}

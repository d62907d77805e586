// The PDF receipt of a plan payment: the platform, the invoice number, the site and its owner, the
// plan and the period it pays for, and the amount. Standard PDF fonts cover Latin-1 only; other
// characters print as "?" rather than failing the download.
import { eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { formatMoney } from "../../../core/currency";
import { findPlan } from "../../../core/plans";
import type { Db } from "../../db/client";
import { accounts, users } from "../../db/schema";
import { withPlatform } from "../../db/tenant";
import { encodable, INK, MUTED } from "../pdf";
import type { PlatformInvoiceRow } from "./card";

export const invoiceNumber = (n: number) => `ATR-${String(n).padStart(6, "0")}`;

export async function renderPlanReceipt(
  invoice: PlatformInvoiceRow,
  to: { siteTitle: string; address: string; owner: string },
  locale = "en",
): Promise<Uint8Array> {
  const money = (n: number) => formatMoney(n, invoice.currency, locale, { decimals: true });
  const day = (d: Date) => d.toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" });
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${invoiceNumber(invoice.number)}`);
  doc.setAuthor("Atrium");
  doc.setCreator("Atrium");
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, opts: { font?: PDFFont; size?: number; color?: typeof INK } = {}) => {
    const font = opts.font ?? regular;
    page.drawText(encodable(font, text), { x: 60, y, size: opts.size ?? 12, font, color: opts.color ?? INK });
  };
  const right = (text: string, font = regular) => {
    const safe = encodable(font, text);
    page.drawText(safe, { x: 535 - font.widthOfTextAtSize(safe, 12), y, size: 12, font, color: INK });
  };
  line("Atrium", { size: 14, color: MUTED });
  y -= 40;
  line(invoice.status === "paid" ? "Receipt" : "Invoice", { font: bold, size: 26 });
  y -= 30;
  line(`Number ${invoiceNumber(invoice.number)}`);
  y -= 18;
  line(`Date: ${day(invoice.paidAt ?? invoice.createdAt)}`);
  y -= 18;
  line(`Billed to: ${[to.siteTitle, to.address].filter(Boolean).join(" · ")}`);
  if (to.owner) {
    y -= 18;
    line(`Owner: ${to.owner}`);
  }
  y -= 18;
  line(`Paid by: ${invoice.provider === "stripe" ? "card (Stripe)" : "offline payment"}`);
  y -= 36;
  const plan = findPlan(invoice.planId)?.label ?? "Plan";
  const what = invoice.period === "onetime" ? `${plan} plan, one payment` : `${plan} plan, ${invoice.period}`;
  line(what);
  right(money(invoice.amount));
  if (invoice.periodStart && invoice.periodEnd) {
    y -= 18;
    line(`${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`, { size: 10, color: MUTED });
  }
  y -= 30;
  page.drawLine({ start: { x: 60, y: y + 14 }, end: { x: 535, y: y + 14 }, thickness: 1, color: MUTED });
  line("Total", { font: bold });
  right(money(invoice.amount), bold);
  return doc.save();
}

/** The invoice's receipt as PDF bytes, with the file name to offer. */
export async function planReceipt(db: Db, invoice: PlatformInvoiceRow, address: string) {
  const [site] = await withPlatform(db, (tx) =>
    tx
      .select({ settings: accounts.settings, slug: accounts.slug, owner: users.email })
      .from(accounts)
      .leftJoin(users, eq(users.id, accounts.ownerUserId))
      .where(eq(accounts.accountId, invoice.siteId)),
  );
  const title = (site?.settings as { sitetitle?: string } | undefined)?.sitetitle || site?.slug || "";
  const bytes = await renderPlanReceipt(invoice, { siteTitle: title, address, owner: site?.owner ?? "" });
  return { bytes, filename: `receipt-${invoiceNumber(invoice.number)}.pdf` };
}

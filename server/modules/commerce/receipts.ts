// Receipts: the PDF of a paid order (site title, order number, date, buyer, items, coupon, total)
// and the receipt e-mail sent once per order when payment_success is published. Standard PDF
// fonts only cover Latin-1, so other characters print as "?" rather than failing the download.
import { and, eq, like } from "drizzle-orm";
import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { escapeHtml } from "../../../core/campaign-merge";
import { formatMoney } from "../../../core/currency";
import { siteAddress } from "../../../core/site-address";
import type { Db } from "../../db/client";
import { accounts, mailOutbox, members, orders } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import type { DomainEvent } from "../events";
import { events } from "../events";
import type { SiteAccount } from "../accounts";
import { linkLine, mail, mailFormats, mailTexts } from "../mail";
import { encodable, INK, MUTED } from "../pdf";
import { orderNumberOf } from "./checkout";
import type { OrderRow } from "./orders";

type ReceiptParts = {
  siteTitle: string;
  buyer: { name: string; email: string };
  order: OrderRow;
  locale?: string;
};

async function receiptParts(db: Db, accountId: string, order: OrderRow) {
  return withTenant(db, accountId, async (tx) => {
    const [site] = await tx
      .select({ slug: accounts.slug, domain: accounts.domain, settings: accounts.settings })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    const [buyer] = await tx
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), eq(members.userId, order.userId)));
    const settings = (site?.settings ?? {}) as { sitetitle?: string };
    return {
      site,
      siteTitle: settings.sitetitle || site?.slug || "",
      buyer: buyer ?? { name: "", email: "" },
    };
  });
}

export async function renderReceiptPdf({ siteTitle, buyer, order, locale = "en" }: ReceiptParts) {
  const money = (n: number) => formatMoney(n, order.currency, locale, { decimals: true });
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${orderNumberOf(order.orderId)}`);
  doc.setAuthor(siteTitle);
  doc.setCreator("Atrium");
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = 780;
  const line = (text: string, opts: { font?: PDFFont; size?: number; x?: number; color?: typeof INK } = {}) => {
    const font = opts.font ?? regular;
    page.drawText(encodable(font, text), { x: opts.x ?? 60, y, size: opts.size ?? 12, font, color: opts.color ?? INK });
  };
  const right = (text: string, font = regular) => {
    const safe = encodable(font, text);
    page.drawText(safe, { x: 535 - font.widthOfTextAtSize(safe, 12), y, size: 12, font, color: INK });
  };
  line(siteTitle, { size: 14, color: MUTED });
  y -= 40;
  line("Receipt", { font: bold, size: 26 });
  y -= 30;
  line(`Order ${orderNumberOf(order.orderId)}`);
  y -= 18;
  const date = (order.paidAt ?? order.createdAt).toLocaleDateString(locale, { dateStyle: "long", timeZone: "UTC" });
  line(`Date: ${date}`);
  y -= 18;
  line(`Billed to: ${[buyer.name, buyer.email].filter(Boolean).join(" · ")}`);
  y -= 18;
  line(`Status: ${order.status}`);
  y -= 36;
  for (const item of order.items) {
    line(`${item.quantity} × ${item.title}`);
    right(money(item.amount * item.quantity));
    y -= 20;
  }
  y -= 10;
  page.drawLine({ start: { x: 60, y: y + 14 }, end: { x: 535, y: y + 14 }, thickness: 1, color: MUTED });
  line("Subtotal");
  right(money(order.subtotal));
  y -= 20;
  if (order.coupon) {
    line(`Coupon ${order.coupon}`);
    right(`-${money(order.discount)}`);
    y -= 20;
  }
  line("Total", { font: bold });
  right(money(order.totalAmount), bold);
  return doc.save();
}

/** The order's receipt as PDF bytes, with the file name to offer. */
export async function orderReceipt(db: Db, accountId: string, order: OrderRow) {
  const parts = await receiptParts(db, accountId, order);
  const bytes = await renderReceiptPdf({ siteTitle: parts.siteTitle, buyer: parts.buyer, order });
  return { bytes, filename: `receipt-${orderNumberOf(order.orderId)}.pdf` };
}

export type ReceiptAddress = { scheme: string; baseDomain: string };

const RECEIPT_KIND = "order_receipt";

/** Sends the receipt e-mail for a paid order once, however often the event is delivered. */
export async function sendReceiptMail(db: Db, event: DomainEvent, address: ReceiptAddress) {
  const orderId = String(event.payload.orderId ?? "");
  if (!orderId) return;
  const accountId = event.accountId;
  const [order] = await withTenant(db, accountId, (tx) =>
    tx
      .select()
      .from(orders)
      .where(and(eq(orders.accountId, accountId), eq(orders.orderId, orderId))),
  );
  if (order?.status !== "paid") return;
  const parts = await receiptParts(db, accountId, order);
  if (!parts.site || !parts.buyer.email) return;
  const number = orderNumberOf(order.orderId);
  // The buyer's language on the site, else the site's default, else English.
  const { lang, t } = await mailTexts(
    db,
    { accountId, settings: parts.site.settings as SiteAccount["settings"] },
    {
      userId: order.userId,
      email: parts.buyer.email,
    },
  );
  const { money, date } = mailFormats(lang);
  const subject = t("mail.receipt.subject", { site: parts.siteTitle, number });
  // One receipt per order: a redelivered event finds the first one in the outbox (its subject names
  // the order, whatever language it was written in).
  const sent = await withTenant(db, accountId, (tx) =>
    tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.accountId, accountId),
          eq(mailOutbox.kind, RECEIPT_KIND),
          like(mailOutbox.subject, `%${number}%`),
          eq(mailOutbox.toAddress, parts.buyer.email),
        ),
      ),
  );
  if (sent.length) return;
  const origin = `${address.scheme}://${siteAddress(parts.site, address.baseDomain)}`;
  const link = `${origin}/dashboard/orders/${order.orderId}`;
  const amount = (n: number) => money(n, order.currency);
  const lines = [
    t("mail.notice.greeting", { name: parts.buyer.name }),
    "",
    t("mail.receipt.thanks", { number }),
    t("mail.receipt.date", { date: date(order.paidAt ?? order.createdAt) }),
    "",
    ...order.items.map((i) => `${i.quantity} × ${i.title}: ${amount(i.amount * i.quantity)}`),
    ...(order.coupon ? [t("mail.receipt.coupon", { code: order.coupon, amount: `-${amount(order.discount)}` })] : []),
    t("mail.receipt.total", { amount: amount(order.totalAmount) }),
    "",
  ];
  const last = linkLine(t, "mail.receipt.link", link);
  await mail.enqueue(db, accountId, {
    to: parts.buyer.email,
    kind: RECEIPT_KIND,
    subject,
    text: [...lines, last.text].join("\n"),
    html: [...lines.map(escapeHtml), last.html].join("<br>"),
  });
}

const addresses = new Map<Db, ReceiptAddress>();
let subscribed = false;

export const receipts = {
  /** Subscribes the receipt e-mail to payment_success; links are absolute under this address config. */
  register(db: Db, address: ReceiptAddress) {
    addresses.set(db, address);
    if (subscribed) return;
    subscribed = true;
    events.on("payment_success", async (eventDb, event) => {
      const config = addresses.get(eventDb);
      if (config) await sendReceiptMail(eventDb, event, config);
    });
  },
  forget(db: Db) {
    addresses.delete(db);
  },
};

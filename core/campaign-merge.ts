// Merge tokens and link tracking of campaign e-mails: the values of a contact (or of an event) are
// put in place of {{tokens}}, HTML-escaped, with an optional default ({{contact.name|there}}); the
// links of the body are rewritten to the click address by position, an open pixel and a footer with
// the unsubscribe link are added. Pure, so the preview in the browser shows what is sent.
import { htmlToText } from "./html-text";

export type MergeValues = Record<string, unknown>;

const TOKEN = /\{\{\s*([a-zA-Z_][\w.-]*)\s*(?:\|([^}]*))?\}\}/g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** The value at a dotted path (contact.fields.city), as text; empty when absent. */
function lookup(values: MergeValues, path: string): string {
  if (Object.hasOwn(values, path)) return textOf(values[path]);
  let cur: unknown = values;
  for (const part of path.split(".")) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur as object, part)) return "";
    cur = (cur as Record<string, unknown>)[part];
  }
  return textOf(cur);
}

function textOf(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return "";
}

/** Tokens whose values are already HTML made by the product (links), not escaped again. */
const HTML_TOKENS = new Set([
  "course.titlelink",
  "student.link",
  "instructor.link",
  "certificate.link",
  "quiz.titlelink",
  "assignment.titlelink",
  "unsubscribe_url",
]);

/**
 * Replaces the {{tokens}} of `template`. In `html` mode values are escaped (except the product's
 * own link tokens); in text mode they are put in as they are. Unknown tokens become their default
 * or nothing.
 */
export function mergeTokens(template: string, values: MergeValues, mode: "html" | "text" = "html"): string {
  return template.replace(TOKEN, (_m, path: string, fallback: string | undefined) => {
    const raw = lookup(values, path);
    const v = raw.trim() === "" ? (fallback ?? "").trim() : raw;
    if (mode === "text") return v;
    if (HTML_TOKENS.has(path) && raw !== "" && path !== "unsubscribe_url") return v;
    return escapeHtml(v);
  });
}

export type MergeContact = { email: string; name: string; fields?: Record<string, unknown> | null };

/** The values a campaign's tokens read for one contact. */
export function contactValues(contact: MergeContact, site: { name: string }, unsubscribeUrl: string): MergeValues {
  const name = contact.name.trim();
  return {
    contact: {
      name,
      email: contact.email,
      first_name: name.split(/\s+/)[0] ?? "",
      fields: contact.fields ?? {},
    },
    site: { name: site.name },
    unsubscribe_url: unsubscribeUrl,
  };
}

const HREF = /(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi;

/** The http(s) links of the body, by position (the order of their anchors). */
export function linksOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(HREF)) out.push(decodeAmp(m[3]));
  return out;
}

const decodeAmp = (u: string) => u.replace(/&amp;/g, "&");

/** Rewrites the n-th http(s) link to `clickUrl(n)`. */
export function rewriteLinks(html: string, clickUrl: (n: number) => string): string {
  let n = 0;
  return html.replace(HREF, (_m, head: string, q: string) => `${head}${q}${escapeHtml(clickUrl(n++))}${q}`);
}

export type CampaignFooter = { unsubscribeLabel: string; reason: string };

export type RenderInput = {
  subject: string;
  preheader: string;
  bodyHtml: string;
  values: MergeValues;
  siteName: string;
  footer: CampaignFooter;
  /** Tracking addresses of the recipient; absent for a preview or test (links stay as they are). */
  tracking?: { openUrl: string; clickUrl: (n: number) => string };
  unsubscribeUrl: string;
};

/** The message one recipient gets: subject, HTML (tracked links, pixel, footer) and a text version. */
export function renderMessage(input: RenderInput): { subject: string; html: string; text: string } {
  const subject = mergeTokens(input.subject, input.values, "text").replace(/[\r\n]+/g, " ");
  let body = mergeTokens(input.bodyHtml, input.values, "html");
  const links = linksOf(body);
  if (input.tracking) {
    const t = input.tracking;
    body = rewriteLinks(body, t.clickUrl);
  }
  const pre = input.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(mergeTokens(input.preheader, input.values, "text"))}</div>`
    : "";
  const footerHtml =
    `<hr><p style="font-size:12px;color:#666">${escapeHtml(input.footer.reason)} ` +
    `<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(input.footer.unsubscribeLabel)}</a></p>`;
  const pixel = input.tracking
    ? `<img src="${escapeHtml(input.tracking.openUrl)}" width="1" height="1" alt="" style="display:block;border:0">`
    : "";
  const html = `${pre}${body}${footerHtml}${pixel}`;
  const textBody = htmlToText(mergeTokens(input.bodyHtml, input.values, "html"), { lines: true });
  const linkLines = links.length ? `\n\n${links.map((l, i) => `[${i + 1}] ${l}`).join("\n")}` : "";
  const text = `${textBody}${linkLines}\n\n--\n${input.footer.reason} ${input.footer.unsubscribeLabel}: ${input.unsubscribeUrl}\n`;
  return { subject, html, text };
}

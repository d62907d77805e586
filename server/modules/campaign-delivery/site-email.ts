// The spec's site e-mail endpoints (§7): a template sent to a list of addresses, or one message (a
// template or a product event with its tokens). Same path as campaigns: merged by the same tokens,
// written to the outbox, counted in the e-mails meter (refused at the plan's limit).
import { type MergeValues, mergeTokens } from "../../../core/campaign-merge";
import { htmlToText } from "../../../core/html-text";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { mail } from "../mail";
import { type MeteredSite, usage } from "../usage";

/** The event tokens in the order a message built from them shows them. */
const EVENT_TOKENS = [
  "course.titlelink",
  "quiz.titlelink",
  "assignment.titlelink",
  "student.link",
  "instructor.link",
  "certificate.link",
  "student.marks",
  "review.rating",
  "review.title",
  "review.review",
];

export type SiteEmail = {
  from?: string;
  subject: string;
  to: string[];
  /** Token values: tokens.data of the template form, or the event form's tokens. */
  values: MergeValues;
  /** The template form: the HTML body (tokens.data.body); absent for an event, which is built from its tokens. */
  body?: string;
  kind: string;
};

/** The HTML of an event message: a greeting and each token the event gave, one a line. */
function eventBody(values: MergeValues): string {
  const lines = EVENT_TOKENS.filter((k) => values[k] !== undefined && values[k] !== "").map((k) => `<p>{{${k}}}</p>`);
  return `<p>{{user|Hello}}</p>${lines.join("")}`;
}

export async function sendSiteEmail(db: Db, site: MeteredSite & { name: string }, m: SiteEmail): Promise<number> {
  await withTenant(db, site.accountId, (tx) => usage.checkMeter(tx, site, "emails", m.to.length));
  const values = { site: { name: site.name }, ...m.values };
  const html = mergeTokens(m.body ?? eventBody(values), values, "html");
  const subject = mergeTokens(m.subject, values, "text").replace(/[\r\n]+/g, " ");
  const address = /<([^>]+)>/.exec(mail.defaultFrom(db))?.[1] ?? mail.defaultFrom(db);
  const name = (m.from ?? "").replace(/["\\\r\n<>]/g, "").trim();
  const from = name ? `"${name}" <${address}>` : undefined;
  const text = htmlToText(html, { lines: true });
  const ids = await mail.enqueueMany(
    db,
    site.accountId,
    m.to.map((to) => ({ to, subject, html, text, kind: m.kind, from })),
  );
  return ids.length;
}

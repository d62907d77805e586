// A visitor's submission of a form (decision 0039), in this order: the form must be active on this
// site (404); a filled honeypot is answered as a success and nothing is kept; the values must fit
// the form (422 naming each field with the form's message); the sender's address may submit five
// times in ten minutes to one form (429, the shared request limits); a new address is verified (422
// on the e-mail field when refused, nothing kept); then, in one transaction, the contact is created
// or merged, joins the form's lists (pending on a double opt-in one, with its confirmation e-mail)
// and tags, the submission is stored, the contact's history records it and `form_submitted` is emitted.
import { createHmac } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { checkSubmission, honeypotFilled } from "../../../core/form-rules";
import type { Db } from "../../db/client";
import { formSubmissions, mailingContacts, mailingLists } from "../../db/schema";
import { AppError, notFound, requireUuid } from "../../errors";
import {
  contacts,
  joinLists,
  type OptInSender,
  recordContactEvents,
  VERIFICATION_MESSAGES,
  type VerificationReason,
  type VerifyOptions,
  verifyEmail,
} from "../audience";
import { hitLimit } from "../rate-limit";
import { mail } from "../mail";
import { events } from "../events";
import { type MeteredSite, requirePlanFeatureOf } from "../usage";
import { type FormView, forms } from "./forms";

export const SUBMIT_LIMIT = 5;
export const SUBMIT_WINDOW_SECONDS = 600;

export type SubmitMeta = {
  ip: string;
  userAgent: string;
  secret: string;
  /** The site a double opt-in confirmation comes from; without it lists take the contact at once. */
  optIn?: OptInSender;
};
export type SubmitResult = {
  form: Pick<FormView, "id" | "name" | "settings">;
  /** False for a honeypot hit: answered like a success, nothing kept. */
  stored: boolean;
  submissionId: string | null;
  contactId: string | null;
};

/** A keyed hash of the sender's address, per site: enough to count, not to recover the address. */
export const ipHash = (secret: string, accountId: string, ip: string) =>
  createHmac("sha256", secret).update(`${accountId}|${ip}`).digest("hex").slice(0, 32);

/** Counts one submission of this address to this form in its window (the installation's shared limits). */
const takeSubmitSlot = (db: Db, accountId: string, formId: string, hash: string) =>
  hitLimit(
    db,
    `form:${accountId}:${formId}:${hash}`,
    { max: SUBMIT_LIMIT, windowSeconds: SUBMIT_WINDOW_SECONDS },
    "Too many submissions from this address; try again later",
  );

export async function submitForm(
  db: Db,
  site: MeteredSite,
  formId: string,
  raw: Record<string, unknown>,
  meta: SubmitMeta,
  verify: VerifyOptions,
): Promise<SubmitResult> {
  requirePlanFeatureOf(site, "forms");
  const accountId = site.accountId;
  const form = await forms.published(db, accountId, requireUuid(formId, "Form"));
  if (!form) throw notFound("Form");
  const hash = ipHash(meta.secret, accountId, meta.ip);
  const answer = { id: form.id, name: form.name, settings: form.settings };

  if (honeypotFilled(raw)) {
    await takeSubmitSlot(db, accountId, form.id, hash);
    return { form: answer, stored: false, submissionId: null, contactId: null };
  }
  const checked = checkSubmission(form.fields, raw);
  if (!checked.ok) {
    const details = checked.errors.map((e) => ({ field: e.field, message: e.message }));
    throw new AppError("validation_failed", `${details[0].field}: ${details[0].message}`, details);
  }
  await takeSubmitSlot(db, accountId, form.id, hash);

  const emailField = form.fields.find((f) => f.type === "email");
  // A new address is verified (and counted) first, outside any lock (decision 0036); a known one is not.
  if (!(await contacts.byEmail(db, accountId, checked.email))) {
    const verdict = await verifyEmail(db, site, checked.email, verify);
    if (!verdict.status) {
      const refused = VERIFICATION_MESSAGES[verdict.reason as Exclude<VerificationReason, "ok">];
      // The audience names its own `email` field; the visitor's form may call it otherwise.
      const field = emailField?.name ?? "email";
      const message = emailField?.message?.trim() || refused;
      throw new AppError("validation_failed", `${field}: ${message}`, [{ field, message }]);
    }
  }

  // The contact, its lists and tags, the submission, its history and event: one transaction, so a
  // failure leaves none of them.
  const { submissionId, contactId, mails } = await events.transaction(db, accountId, async (tx, out) => {
    const { contact } = await contacts.write(tx, accountId, {
      email: checked.email,
      name: checked.name,
      source: "form",
      formId: form.id,
      tags: form.settings.tags,
    });
    const contactId = contact.id;
    const lists = form.settings.listIds.length
      ? await tx
          .select({ id: mailingLists.id, name: mailingLists.name, optIn: mailingLists.optIn })
          .from(mailingLists)
          .where(and(eq(mailingLists.accountId, accountId), inArray(mailingLists.id, form.settings.listIds)))
      : [];
    // A form asking for double opt-in confirms on every list it fills; else each list's own opt-in holds.
    const joined = await joinLists(
      db,
      tx,
      accountId,
      lists.map((l) => ({ ...l, optIn: form.settings.doubleOptIn ? "double" : l.optIn })),
      [contactId],
      meta.optIn ?? null,
    );
    if (form.settings.tags.length)
      await tx
        .update(mailingContacts)
        .set({
          tags: sql`array(select distinct t from unnest(${mailingContacts.tags} || ${sql.param(form.settings.tags)}::text[]) t)`,
        })
        .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.id, contactId)));
    const [row] = await tx
      .insert(formSubmissions)
      .values({
        accountId,
        formId: form.id,
        contactId,
        data: checked.values,
        ipHash: hash,
        userAgent: meta.userAgent.slice(0, 500),
      })
      .returning({ id: formSubmissions.id });
    await recordContactEvents(tx, accountId, [
      { contactId, kind: "form_submitted", data: { formId: form.id, formName: form.name, submissionId: row.id } },
    ]);
    out.push(
      await events.emit(tx, accountId, "form_submitted", {
        formId: form.id,
        contactId,
        email: checked.email,
        data: checked.values,
        submissionId: row.id,
      }),
    );
    return { submissionId: row.id, contactId, mails: joined.mails };
  });
  await mail.startDelivery(db, accountId, mails);
  return { form: answer, stored: true, submissionId, contactId };
}

// E-mail the product sends: written to the outbox table first, then delivered by a job
// that retries with backoff and then keeps trying at a slow pace, and swept again if a job was ever
// lost. Staff read the outbox and send failed messages again. Delivery is at least once.
export { mail } from "./service";
export type { MailList, MailView } from "./staff";
export type { NewMail, PreparedMail } from "./outbox";
export { CAMPAIGN_KIND, MAIL_STATUSES, type MailStatus } from "./state";
export { mailLanguage, mailTexts, type Recipient } from "./texts";
export { mailDateTime, mailMeetingTime, zoneName } from "./dates";
export { linkLine, type MailTranslate, mailFormats, noticeSentence, platformMailTexts, translatorIn } from "./formats";

// E-mail the product sends: written to the outbox in the caller's transaction, delivered by a job
// that retries with backoff, and swept again if a job was ever lost. Staff read the outbox.
export { mail } from "./service";
export type { MailView } from "./service";

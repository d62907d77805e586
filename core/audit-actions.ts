// The actions staff screens write to the audit log (decision 0031): the staff API's filter and the
// audit screen's filter read the same list.
export const AUDIT_ACTIONS = [
  "plan.change",
  "trial.extend",
  "site.suspend",
  "site.restore",
  "cron.run",
  "billing.stripe",
  "ticket.reply",
  "ticket.status",
  "mail.resend",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

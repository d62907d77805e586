// The platform staff's view of every site: the accounts directory with subscription and usage, the
// owners, the audit log and the scheduled jobs. Actions on a site go through billing (plan, trial,
// suspension), which writes the audit log in the same transaction.
export {
  type AccountListItem,
  type AccountListQuery,
  type AccountDetail,
  ACCOUNT_STATUSES,
  type AccountStatus,
  staffAccounts,
} from "./sites";
export { type OwnerListItem, staffOwners } from "./owners";
export { AUDIT_ACTIONS, type AuditEntry, staffAudit } from "./audit";
export { type CronJob, staffCrons } from "./crons";

// The audience (spec §3, decision 0036): a site's mailing contacts and lists, and the verification
// of an address (§7 verifyEmail) that every new contact passes first, counted in the site's
// `emailverifications` meter.
export {
  type ContactBulk,
  type ContactInput,
  type ContactPatch,
  type ContactQuery,
  type ContactView,
  contacts,
} from "./contacts";
export { isDisposableDomain } from "./disposable";
export { type ListView, mailingLists, type OptIn } from "./lists";
export {
  checkAddress,
  normaliseEmail,
  VERIFICATION_MESSAGES,
  type Verification,
  type VerificationReason,
  type VerifyOptions,
  verifyEmail,
} from "./verify";
export {
  CONTACT_EVENT_KINDS,
  type ContactEvent,
  type ContactEventKind,
  contactEvents,
  recordContactEvents,
} from "./history";
export { type AudienceSummary, audienceSummary } from "./summary";
export { CONTACT_IMPORT, contactImports, type ImportInput, type ImportView, runImport } from "./imports";
export { contactForMember, memberTags, tagMember } from "./members";
export {
  checkedFields,
  type FieldInput,
  type FieldPatch,
  type FieldView,
  fieldDefinitions,
  mailingFields,
  setFields,
  storedFields,
} from "./fields";
export { addTags, changeTags, cleanTag, contactTags, removeTags } from "./tags";
export {
  type ConfirmTexts,
  confirmMembership,
  confirmToken,
  joinLists,
  type OptInSender,
  optInTexts,
  readConfirmToken,
} from "./opt-in";

// Who belongs to a site: members, their roles and capabilities, joining on sign-in or by accepting
// an invitation, and the single-session rule that ends a person's older sessions on a site.
export { members } from "./service";
export type { MemberContext, MemberView } from "./service";
export { setPreferences } from "./preferences";
export type { MemberPreferences } from "./preferences";
export { uniqueMemberSlug } from "./slug";
export { bySessionToken, sessionKey } from "./session-lookup";
export { sessionCache } from "./session-cache";
export { endSessionsOnOtherSites } from "./login-sessions";
export type { SessionLookup } from "./session-lookup";
export { DIRECTORY_PAGE_SIZE, directory, profile, searchByName } from "./directory";
export type { DirectoryEntry } from "./directory";
export { manage, NAME_MAX, ZMemberName } from "./manage";
export type { ManagedMember, MemberQuery } from "./manage";
export { invites, ZInviteInput } from "./invitations";
export type { InvitationView, InviteInput } from "./invitations";
export { INVITATION_VALID_DAYS } from "./invitation-links";
export type { Inviter } from "./invitation-links";
export { answers as invitationAnswers } from "./invitation-answers";
export type { InvitationOffer, Invitee } from "./invitation-answers";

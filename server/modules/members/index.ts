// Who belongs to a site: members, their roles and capabilities, joining on sign-in, and the
// single-session rule that ends a person's older sessions on a site.
export { members } from "./service";
export type { MemberContext, MemberView } from "./service";
export { setPreferences } from "./preferences";
export type { MemberPreferences } from "./preferences";
export { uniqueMemberSlug } from "./slug";
export { bySessionToken } from "./session-lookup";
export type { SessionLookup } from "./session-lookup";
export { DIRECTORY_PAGE_SIZE, directory, profile, searchByName } from "./directory";
export type { DirectoryEntry } from "./directory";
export { manage, NAME_MAX, ZMemberName } from "./manage";
export type { ManagedMember, MemberQuery } from "./manage";
export { invites, ZInviteInput } from "./invitations";
export type { InvitationView, InviteInput, Inviter, InviteResult } from "./invitations";

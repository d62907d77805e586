// Accounts are the sites: resolving a request's host to one, creating a site, ownership and the
// site's configuration. Host resolution is cached per process and invalidated on any change.
export type { SiteAccount, SiteSuspension, HostResolution } from "./types";
export { accounts } from "./service";
export { checkDomain, type DomainCheck } from "./domain-check";

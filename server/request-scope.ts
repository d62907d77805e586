// The site a request is for, carried through async calls so that code the auth library calls back
// (session hooks, e-mail senders) knows which account it acts for without threading it through.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SiteAccount } from "./modules/accounts";

export type RequestScope = {
  site: SiteAccount;
  origin: string;
  /**
   * false while someone signs in or up to answer an invitation: their answer, not the sign-in,
   * decides whether they join the site.
   */
  joinOnSignIn?: boolean;
};

const storage = new AsyncLocalStorage<RequestScope>();

export const runInScope = <T>(scope: RequestScope, fn: () => T): T => storage.run(scope, fn);

/** Runs `fn` in the current request's scope, with signing in not making the person a member. */
export const withoutJoining = <T>(fn: () => T): T => storage.run({ ...currentScope(), joinOnSignIn: false }, fn);

export function currentScope(): RequestScope {
  const s = storage.getStore();
  if (!s) throw new Error("No request scope: this code must run inside a request for a site");
  return s;
}

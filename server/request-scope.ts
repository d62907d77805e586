// The site a request is for, carried through async calls so that code the auth library calls back
// (session hooks, e-mail senders) knows which account it acts for without threading it through.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SiteAccount } from "./modules/accounts";

export type RequestScope = { site: SiteAccount; origin: string };

const storage = new AsyncLocalStorage<RequestScope>();

export const runInScope = <T>(scope: RequestScope, fn: () => T): T => storage.run(scope, fn);

export function currentScope(): RequestScope {
  const s = storage.getStore();
  if (!s) throw new Error("No request scope: this code must run inside a request for a site");
  return s;
}

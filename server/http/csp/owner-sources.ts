// The owner's part of a site's policy, worked out once per cached site entry (the host cache keeps
// one SiteAccount object per configuration, so a change of the scripts is a new object).
import { createHash } from "node:crypto";
import { readOwnerScripts } from "../../../core/owner-scripts";
import { accounts, type SiteAccount } from "../../modules/accounts";
import type { OwnerSources } from "./policy";

const cache = new WeakMap<SiteAccount, OwnerSources>();

export const scriptHash = (code: string) => `'sha256-${createHash("sha256").update(code, "utf8").digest("base64")}'`;

export function ownerSources(site: SiteAccount): OwnerSources {
  let sources = cache.get(site);
  if (!sources) {
    const misc = accounts.config(site).misc;
    sources = {
      hashes: [...new Set(readOwnerScripts(misc.scripts).inline.map(scriptHash))],
      scriptOrigins: misc.script_origins,
      frameOrigins: misc.frame_origins,
    };
    cache.set(site, sources);
  }
  return sources;
}

// What the group screens call from their loaders: the groups list (mine, invitations, discover),
// the settings, and one group with its members, the first page of its feed and, for its admins,
// what it can be linked to. Changes go through
// /api/v1/groups.
import type { Context } from "hono";
import { siteHasFeature } from "../../../core/features";
import { AppError, notAuthenticated } from "../../errors";
import {
  type GroupActor,
  type GroupScope,
  groupFeed,
  groupLinks,
  groupMembership,
  groupService,
  groupSettings,
} from "../../modules/groups";
import type { AppEnv } from "../env";

export function groupServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const actor = (): GroupActor => {
    const user = c.get("user");
    if (!user) throw notAuthenticated();
    const m = c.get("member");
    if (!m) throw new AppError("forbidden", "Only members of this site take part in its groups");
    if (!siteHasFeature(site.features, "groups"))
      throw new AppError("feature_disabled", "The groups feature is not enabled on this site");
    return { userId: user.id, isOwner: m.isOwner, caps: m.caps };
  };
  return {
    groups: {
      list: (scope: GroupScope, opts: { q?: string; page?: number } = {}) =>
        groupService.list(db, site.accountId, actor(), scope, opts),
      settings: async () => {
        const a = actor();
        const s = await groupSettings.get(db, site.accountId);
        return { ...s, canCreate: await groupService.canCreate(db, site.accountId, a) };
      },
      get: (id: string) => groupService.get(db, site.accountId, actor(), id),
      members: (id: string) => groupMembership.list(db, site.accountId, actor(), id),
      feed: (id: string) => groupFeed.list(db, site.accountId, actor(), id),
      linkOptions: (id: string) => groupLinks.options(db, site.accountId, actor(), id),
    },
  };
}

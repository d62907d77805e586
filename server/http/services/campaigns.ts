// What the owner's campaign screens call from loaders and actions (decision 0041): the site's
// e-mail campaigns for a member with manage_options, under the plan's `emails` feature.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated } from "../../errors";
import { mailingLists } from "../../modules/audience";
import { type CampaignInput, campaigns, type RecipientQuery } from "../../modules/campaigns";
import type { AppEnv } from "../env";

/** The site as campaign delivery needs it: metered, with its address and name. */
export function campaignSite(c: Context<AppEnv>) {
  const site = c.get("site");
  return { ...site, host: new URL(c.req.url).host, name: site.settings.sitetitle };
}

export function campaignServices(c: Context<AppEnv>) {
  const user = c.get("user");
  const member = c.get("member");
  const manager = () => {
    if (!user) throw notAuthenticated();
    if (!member || !(member.isOwner || hasCap(member.caps, "manage_options"))) {
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    }
    return campaigns(c.get("platform").database.db, campaignSite(c));
  };
  return {
    campaigns: {
      list: () => manager().list(),
      get: (id: string) => manager().get(id),
      create: (input: CampaignInput) => manager().create(input, user?.id),
      update: (id: string, input: CampaignInput) => manager().update(id, input),
      duplicate: (id: string) => manager().duplicate(id, user?.id),
      remove: (id: string) => manager().remove(id),
      audienceSize: (audience: CampaignInput["audience"]) => manager().audienceSize(audience ?? {}),
      schedule: (id: string, at: string) => manager().schedule(id, at),
      unschedule: (id: string) => manager().unschedule(id),
      send: (id: string) => manager().send(id),
      pause: (id: string) => manager().pause(id),
      resume: (id: string) => manager().resume(id),
      /** To the given address, or the signed-in person's own. */
      test: (id: string, to?: string) => manager().test(id, to?.trim() || user?.email || ""),
      preview: (id: string) =>
        manager().preview(id, { email: user?.email ?? "reader@example.com", name: user?.name ?? "" }),
      recipients: (id: string, q: RecipientQuery) => manager().recipients(id, q),
      /** The site's lists, for the audience picker. */
      lists: () => {
        manager();
        return mailingLists.list(c.get("platform").database.db, c.get("site").accountId);
      },
    },
  };
}

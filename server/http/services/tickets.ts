// What the support screens call from loaders and actions. On a site, its owner and manage_options
// holders work with that site's tickets. On the platform's own site, staff work with every site's
// tickets, and an account owner with the tickets of the sites they own. Anyone else gets nothing.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, notFound } from "../../errors";
import { accounts } from "../../modules/accounts";
import { supportTickets, type TicketActor, type TicketListQuery, type TicketReach } from "../../modules/support";
import type { AppEnv } from "../env";

/** Which tickets screen a person gets here: staff's, the site side's, or none. */
export type TicketsMode = "staff" | "owner" | null;

export function ticketsModeOf(c: Context<AppEnv>): TicketsMode {
  const user = c.get("user");
  if (!user) return null;
  const site = c.get("site");
  if (site.isPlatform) return c.get("isStaff") ? "staff" : "owner";
  const member = c.get("member");
  return member && (member.isOwner || hasCap(member.caps, "manage_options")) ? "owner" : null;
}

export function ticketServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const mode = ticketsModeOf(c);

  /** The sites this person opens tickets for: this site, or on the platform the sites they own. */
  const ownSites = async () => {
    if (!user) throw notAuthenticated();
    if (mode !== "owner") throw new AppError("forbidden", "This needs the manage_options capability on this site");
    if (!site.isPlatform) return [site];
    return accounts.ownedBy(db, user.id);
  };
  const reach = async (): Promise<TicketReach> => {
    if (!user) throw notAuthenticated();
    if (mode === "staff") return "all";
    return { accountIds: (await ownSites()).map((s) => s.accountId) };
  };
  const actor = (): TicketActor => {
    if (!user) throw notAuthenticated();
    return {
      userId: user.id,
      name: c.get("member")?.member.name || user.name,
      side: mode === "staff" ? "staff" : "owner",
      email: user.email,
    };
  };

  return {
    tickets: {
      mode,
      /** The sites a new ticket can be about (only the owner's side opens tickets). */
      sites: async () =>
        (await ownSites()).map((s) => ({ accountId: s.accountId, title: s.settings.sitetitle, slug: s.slug })),
      list: async (q: TicketListQuery) => supportTickets.list(db, await reach(), q),
      get: async (id: string) => supportTickets.get(db, await reach(), id),
      open: async (input: Parameters<typeof supportTickets.open>[3], accountId?: string) => {
        const sites = await ownSites();
        const target = accountId ? sites.find((s) => s.accountId === accountId) : sites[0];
        if (!target) throw notFound("Site");
        return supportTickets.open(db, target.accountId, actor(), input);
      },
      reply: async (id: string, input: Parameters<typeof supportTickets.reply>[4]) =>
        supportTickets.reply(db, await reach(), id, actor(), input),
      setStatus: async (id: string, status: string) => supportTickets.setStatus(db, await reach(), id, actor(), status),
    },
  };
}

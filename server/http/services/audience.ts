// What the owner's contacts and lists screens (/dashboard/manage/marketing/emails/…) call: the
// site's contacts (search, filters, create after verification, change, bulk actions) and its
// mailing lists with their contacts. For the site's managers (owner or manage_options) only.
import type { Context } from "hono";
import {
  type ContactBulk,
  type ContactInput,
  type ContactPatch,
  type ContactQuery,
  confirmMembership,
  contacts,
  contactTags,
  type FieldInput,
  type FieldPatch,
  mailingFields,
  mailingLists,
  memberTags,
  type OptIn,
  tagMember,
} from "../../modules/audience";
import { recipientOf } from "../../modules/campaign-delivery";
import { isSiteManager, requireSiteManager } from "../middleware/guards";
import { listOrders } from "../../modules/commerce";
import type { AppEnv } from "../env";
import { optInSender } from "../opt-in-sender";

export function audienceServices(c: Context<AppEnv>) {
  const { database, cfg } = c.get("platform");
  const db = database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  const manager = () => requireSiteManager(c);
  return {
    /** What a visitor's links in mail do (no sign-in: the signed link or the recipient's token is the proof). */
    subscription: {
      /** Confirms a double opt-in membership; null for a link that is not this site's. */
      confirm: (token: string) => confirmMembership(db, accountId, cfg.authSecret, token),
      /** The address a campaign recipient's unsubscribe link belongs to; null when unknown here. */
      recipient: (token: string) => recipientOf(db, accountId, token),
    },
    audience: {
      get canManage() {
        return Boolean(c.get("user") && c.get("member") && isSiteManager(c));
      },
      contacts: {
        list: (query: ContactQuery) => {
          manager();
          return contacts.list(db, accountId, query);
        },
        facets: () => {
          manager();
          return contacts.facets(db, accountId);
        },
        get: (id: string) => {
          manager();
          return contacts.get(db, accountId, id);
        },
        /** The contact's history, newest first (the contact must be the site's). */
        history: (id: string) => {
          manager();
          return contacts.history(db, accountId, id);
        },
        /** The lists the contact is on (ids). */
        lists: (id: string) => {
          manager();
          return mailingLists.of(db, accountId, id);
        },
        /** The lists on which the contact has not confirmed yet (ids). */
        pendingLists: (id: string) => {
          manager();
          return mailingLists.pendingOf(db, accountId, id);
        },
        /** The orders placed on this site by the member with the contact's e-mail, newest first. */
        orders: async (email: string) => {
          manager();
          const page = await listOrders(db, accountId, { buyerEmail: email, perPage: 50 });
          return page.orders.map((o) => ({
            orderId: o.orderId,
            number: o.number,
            totalAmount: o.totalAmount,
            currency: o.currency,
            status: o.status,
            createdAt: o.createdAt,
          }));
        },
        create: (input: ContactInput) => {
          manager();
          return contacts.create(db, site, input, { dns: cfg.emailDnsCheck });
        },
        update: (id: string, patch: ContactPatch) => {
          manager();
          return contacts.update(db, accountId, id, patch);
        },
        remove: (id: string) => {
          manager();
          return contacts.remove(db, accountId, id);
        },
        bulk: (ids: string[], change: ContactBulk) => {
          manager();
          return contacts.bulk(db, accountId, ids, change);
        },
      },
      /** Tags across the site's contacts: rename (merging) or remove everywhere. */
      tags: {
        rename: (tag: string, name: string) => {
          manager();
          return contactTags.rename(db, accountId, tag, name);
        },
        remove: (tag: string) => {
          manager();
          return contactTags.remove(db, accountId, tag);
        },
        /** The tags of the members with these e-mails (through their contacts), by lower-case e-mail. */
        ofMembers: (emails: string[]) => {
          manager();
          return memberTags(db, accountId, emails);
        },
        /** Adds and removes tags on a member's contact, creating it (source `member`) if missing. */
        setForMember: (memberId: string, change: { add: string[]; remove: string[] }) => {
          manager();
          return tagMember(db, accountId, memberId, change);
        },
      },
      /** The site's typed custom fields on contacts. */
      fields: {
        list: () => {
          manager();
          return mailingFields.list(db, accountId);
        },
        create: (input: FieldInput) => {
          manager();
          return mailingFields.create(db, accountId, input);
        },
        update: (id: string, patch: FieldPatch) => {
          manager();
          return mailingFields.update(db, accountId, id, patch);
        },
        remove: (id: string) => {
          manager();
          return mailingFields.remove(db, accountId, id);
        },
      },
      lists: {
        list: () => {
          manager();
          return mailingLists.list(db, accountId);
        },
        create: (input: { name: string; optIn?: OptIn }) => {
          manager();
          return mailingLists.create(db, accountId, input);
        },
        rename: (id: string, name: string) => {
          manager();
          return mailingLists.rename(db, accountId, id, { name });
        },
        remove: (id: string) => {
          manager();
          return mailingLists.remove(db, accountId, id);
        },
        addContacts: (id: string, contactIds: string[]) => {
          manager();
          return mailingLists.addContacts(db, accountId, id, contactIds, optInSender(c));
        },
        removeContacts: (id: string, contactIds: string[]) => {
          manager();
          return mailingLists.removeContacts(db, accountId, id, contactIds);
        },
      },
    },
  };
}

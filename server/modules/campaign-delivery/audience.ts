// Who a campaign reaches: the site's active contacts subscribed to any of its lists, or carrying any
// of its tags. A contact whose only list memberships still wait for their confirmation (double
// opt-in) has not agreed to any mail yet, so a tag does not reach them either; a tagged contact on
// no list at all (added by the owner) is reached. One predicate, so the count the editor shows and
// the recipients queued never differ. The contacts table is `c`.
import { type SQL, sql } from "drizzle-orm";
import type { CampaignAudience } from "../../db/schema";

export function audienceWhere(accountId: string, a: CampaignAudience): SQL {
  return sql`c.account_id = ${accountId}::uuid and c.status = 1
    and (
      (c.tags && ${sql.param(a.tags)}::text[]
        and not (
          exists (select 1 from mailing_list_contact p
                  where p.account_id = c.account_id and p.contact_id = c.id and p.status = 'pending')
          and not exists (select 1 from mailing_list_contact s
                          where s.account_id = c.account_id and s.contact_id = c.id and s.status = 'subscribed')))
      or exists (select 1 from mailing_list_contact m
                 where m.account_id = c.account_id and m.contact_id = c.id
                   and m.list_id = any(${sql.param(a.listIds)}::uuid[]) and m.status = 'subscribed')
    )`;
}

/** How many contacts the audience reaches now. */
export const audienceCountSql = (accountId: string, a: CampaignAudience): SQL =>
  sql`select count(*) as n from mailing_contacts c where ${audienceWhere(accountId, a)}`;

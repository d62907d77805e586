// What the conditions of a run are checked against (core ConditionFacts): the person's contact —
// tags, custom fields, campaign opens — and, for a member, their role, progress per course, the
// memberships they hold now and whether any subscription is active. Only what the conditions need
// is loaded; a person the site does not know gives null, which fails the conditions that need it.
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { type Condition, type ConditionFacts, factsNeeded } from "../../../core/automations";
import type { Db, Tx } from "../../db/client";
import { courseStudents, emailCampaignRecipients, mailingContacts, members, subscriptions } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { normaliseEmail } from "../audience";
import { activeMembershipIds } from "../commerce";

export type Person = { userId: string | null; email: string | null };

/** The e-mail of a site's member, for a run that names only the user. */
export async function memberEmail(tx: Tx, accountId: string, userId: string): Promise<string | null> {
  const [m] = await tx
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  return m?.email ?? null;
}

/** The site's contact of the person: by address, else by the member's address. */
export async function contactOf(tx: Tx, accountId: string, person: Person) {
  const email = person.email ?? (person.userId ? await memberEmail(tx, accountId, person.userId) : null);
  if (!email) return null;
  const [c] = await tx
    .select()
    .from(mailingContacts)
    .where(and(eq(mailingContacts.accountId, accountId), eq(mailingContacts.email, normaliseEmail(email))));
  return c ?? null;
}

async function contactFacts(tx: Tx, accountId: string, person: Person): Promise<ConditionFacts["contact"]> {
  const c = await contactOf(tx, accountId, person);
  if (!c) return null;
  const [opens] = await tx
    .select({ n: count() })
    .from(emailCampaignRecipients)
    .where(
      and(
        eq(emailCampaignRecipients.accountId, accountId),
        eq(emailCampaignRecipients.contactId, c.id),
        isNotNull(emailCampaignRecipients.openedAt),
      ),
    );
  return { tags: c.tags, fields: c.fields as Record<string, unknown>, openCount: Number(opens?.n ?? 0) };
}

async function memberFacts(tx: Tx, accountId: string, userId: string | null): Promise<ConditionFacts["member"]> {
  if (!userId) return null;
  const [m] = await tx
    .select({ roleId: members.roleId })
    .from(members)
    .where(and(eq(members.accountId, accountId), eq(members.userId, userId)));
  if (!m) return null;
  const enrolments = await tx
    .select({ courseId: courseStudents.courseId, progress: courseStudents.progress })
    .from(courseStudents)
    .where(and(eq(courseStudents.accountId, accountId), eq(courseStudents.studentId, userId)));
  const [sub] = await tx
    .select({ n: count() })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, accountId),
        eq(subscriptions.userId, userId),
        sql`${subscriptions.status} = 'active'`,
      ),
    );
  return {
    roleId: m.roleId,
    progress: Object.fromEntries(enrolments.map((e) => [e.courseId, e.progress])),
    activeMembershipIds: await activeMembershipIds(tx, accountId, userId),
    hasActiveSubscription: Number(sub?.n ?? 0) > 0,
  };
}

/** The facts a run's conditions need, read in one tenant transaction. */
export async function loadFacts(
  db: Db,
  accountId: string,
  conditions: readonly Condition[],
  event: ConditionFacts["event"],
  person: Person,
  now = new Date(),
): Promise<ConditionFacts> {
  const need = factsNeeded(conditions);
  if (!need.contact && !need.member) return { now, event, contact: null, member: null };
  return withTenant(db, accountId, async (tx) => ({
    now,
    event,
    contact: need.contact ? await contactFacts(tx, accountId, person) : null,
    member: need.member ? await memberFacts(tx, accountId, person.userId) : null,
  }));
}

// What the automation editor offers in its selects: the site's own courses, lists, forms,
// memberships, roles, custom fields and tags; and the members a manual run can be started on.
import { and, asc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses, forms, mailingFields, mailingLists, members, memberships, roles } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { contacts } from "../audience";
import { containing } from "../../db/like";

export type Choice = { value: string; label: string };
export type AutomationChoices = Record<
  "courses" | "lists" | "forms" | "memberships" | "roles" | "fields" | "tags",
  Choice[]
>;

const LIMIT = 500;

export async function automationChoices(db: Db, accountId: string): Promise<AutomationChoices> {
  const sets = await withTenant(db, accountId, async (tx) => ({
    courses: await tx
      .select({ value: courses.id, label: courses.title })
      .from(courses)
      .where(eq(courses.accountId, accountId))
      .orderBy(asc(courses.title))
      .limit(LIMIT),
    lists: await tx
      .select({ value: mailingLists.id, label: mailingLists.name })
      .from(mailingLists)
      .where(eq(mailingLists.accountId, accountId))
      .orderBy(asc(mailingLists.name))
      .limit(LIMIT),
    forms: await tx
      .select({ value: forms.id, label: forms.name })
      .from(forms)
      .where(eq(forms.accountId, accountId))
      .orderBy(asc(forms.name))
      .limit(LIMIT),
    memberships: await tx
      .select({ value: memberships.id, label: memberships.title })
      .from(memberships)
      .where(eq(memberships.accountId, accountId))
      .orderBy(asc(memberships.title))
      .limit(LIMIT),
    roles: await tx
      .select({ value: roles.roleId, label: roles.name })
      .from(roles)
      .where(eq(roles.accountId, accountId))
      .orderBy(asc(roles.name)),
    fields: await tx
      .select({ value: mailingFields.key, label: mailingFields.label })
      .from(mailingFields)
      .where(eq(mailingFields.accountId, accountId))
      .orderBy(asc(mailingFields.label)),
  }));
  const { tags } = await contacts.facets(db, accountId);
  return { ...sets, tags: tags.map((t) => ({ value: t.tag, label: t.tag })) };
}

/** Members whose name or e-mail contains the text, for the "Run on members…" dialog. */
export async function searchMembers(db: Db, accountId: string, text: string) {
  const q = containing(text.trim());
  return withTenant(db, accountId, (tx) =>
    tx
      .select({ userId: members.userId, name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.accountId, accountId), or(ilike(members.name, q), ilike(members.email, q))))
      .orderBy(asc(members.name))
      .limit(20),
  );
}

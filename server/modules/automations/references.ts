// The objects an automation's arguments name — courses, lists, memberships, forms, roles, custom
// fields — must be the site's own. Checked when the owner saves, so a typo or another site's id is
// refused with the path of the argument (`actions.2.args.course_id: not_found`).
import { and, eq, inArray } from "drizzle-orm";
import type { AutomationDefinition, AutomationIssue } from "../../../core/automations";
import { isUuid } from "../../../core/uuid";
import type { Tx } from "../../db/client";
import { courses, forms, mailingFields, mailingLists, memberships, roles } from "../../db/schema";

type Kind = "course" | "list" | "membership" | "form" | "role" | "field";

/** The argument keys that name an object of the site, and which kind of object. */
const REFERENCE_ARGS: Record<string, Kind> = {
  course_id: "course",
  list_id: "list",
  membership_id: "membership",
  form_id: "form",
  role_id: "role",
  field: "field",
};

type Reference = { path: string; kind: Kind; value: string };

/** Every reference in the definition, with its path. */
export function referencesOf(def: Pick<AutomationDefinition, "conditions" | "actions">): Reference[] {
  const out: Reference[] = [];
  const collect = (prefix: string, items: { args: object }[]) =>
    items.forEach((item, i) => {
      for (const [arg, value] of Object.entries(item.args)) {
        const kind = REFERENCE_ARGS[arg];
        if (kind && typeof value === "string") out.push({ path: `${prefix}.${i}.args.${arg}`, kind, value });
      }
    });
  collect("conditions", def.conditions);
  collect("actions", def.actions);
  return out;
}

/** The values of one kind that exist on the site. */
async function existing(tx: Tx, accountId: string, kind: Kind, values: string[]): Promise<Set<string>> {
  const ids = kind === "field" ? values : values.filter((v) => isUuid(v));
  if (ids.length === 0) return new Set();
  const pick = async (rows: Promise<{ v: string }[]>) => new Set((await rows).map((r) => r.v));
  switch (kind) {
    case "course":
      return pick(
        tx
          .select({ v: courses.id })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, ids))),
      );
    case "list":
      return pick(
        tx
          .select({ v: mailingLists.id })
          .from(mailingLists)
          .where(and(eq(mailingLists.accountId, accountId), inArray(mailingLists.id, ids))),
      );
    case "membership":
      return pick(
        tx
          .select({ v: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, ids))),
      );
    case "form":
      return pick(
        tx
          .select({ v: forms.id })
          .from(forms)
          .where(and(eq(forms.accountId, accountId), inArray(forms.id, ids))),
      );
    case "role":
      return pick(
        tx
          .select({ v: roles.roleId })
          .from(roles)
          .where(and(eq(roles.accountId, accountId), inArray(roles.roleId, ids))),
      );
    case "field":
      return pick(
        tx
          .select({ v: mailingFields.key })
          .from(mailingFields)
          .where(and(eq(mailingFields.accountId, accountId), inArray(mailingFields.key, ids))),
      );
  }
}

/** The references that are not objects of the site, as issues (`not_found`) at their paths. */
export async function missingReferences(
  tx: Tx,
  accountId: string,
  def: Pick<AutomationDefinition, "conditions" | "actions">,
): Promise<AutomationIssue[]> {
  const refs = referencesOf(def);
  const kinds = [...new Set(refs.map((r) => r.kind))];
  const found = new Map<Kind, Set<string>>();
  for (const kind of kinds) {
    const values = [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.value))];
    found.set(kind, await existing(tx, accountId, kind, values));
  }
  return refs.filter((r) => !found.get(r.kind)?.has(r.value)).map((r) => ({ path: r.path, error: "not_found" }));
}

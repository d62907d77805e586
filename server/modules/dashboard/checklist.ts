// The facts behind the owner's setup checklist (core/setup-checklist.ts), read from the site's own
// rows in one tenant transaction, and each member's choice to fold the checklist away.
import { sql } from "drizzle-orm";
import type { SetupFacts } from "../../../core/setup-checklist";
import type { Db } from "../../db/client";
import { accounts, courseStudents, courses, options, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { paymentSetup } from "../commerce";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** The option that remembers one member folded the checklist away (options keys are per site). */
export const checklistHiddenKey = (memberId: string) => `setup_checklist.hidden.${memberId}`;

export type SetupState = { facts: SetupFacts; hidden: boolean };

/**
 * What the site has done, from its rows:
 * - logo: the site's logo is set; domain: a custom domain is set;
 * - course, product: at least one exists (drafts count: the owner has made one);
 * - student: someone other than the owner is enrolled in a course;
 * - payments: a buyer can pay online (a provider with its keys is on), or the owner saved
 *   instructions for offline payment (offline alone is on by default and says nothing).
 */
export async function setupState(db: Db, accountId: string, memberId: string | null): Promise<SetupState> {
  return withTenant(db, accountId, async (tx) => {
    const [row] = rowsOf(
      await tx.execute(sql`
        select
          coalesce(a.settings->>'logo', '') <> '' as logo,
          a.domain is not null and a.domain <> '' as domain,
          exists (select 1 from ${courses} c where c.account_id = a.account_id) as course,
          exists (select 1 from ${products} p where p.account_id = a.account_id) as product,
          exists (
            select 1 from ${courseStudents} s
            where s.account_id = a.account_id and s.student_id is distinct from a.owner_user_id
          ) as student,
          exists (
            select 1 from ${options} o
            where o.account_id = a.account_id and o.key = ${memberId ? checklistHiddenKey(memberId) : ""}
              and o.value = 'true'::jsonb
          ) as hidden
        from ${accounts} a
        where a.account_id = ${accountId}`),
    );
    const payments = await paymentSetup(tx, accountId);
    const online = payments.enabled.some((p) => p !== "offline");
    const offlineSaved =
      payments.enabled.includes("offline") && Boolean(payments.settingsOf("offline").config.instructions?.trim());
    const flag = (k: string) => row?.[k] === true;
    return {
      facts: {
        logo: flag("logo"),
        course: flag("course"),
        product: flag("product"),
        payments: online || offlineSaved,
        domain: flag("domain"),
        student: flag("student"),
      },
      hidden: flag("hidden"),
    };
  });
}

/** Folds the checklist away for one member, or shows it again. */
export async function setChecklistHidden(db: Db, accountId: string, memberId: string, hidden: boolean) {
  const key = checklistHiddenKey(memberId);
  await withTenant(db, accountId, async (tx) => {
    if (hidden) {
      await tx
        .insert(options)
        .values({ accountId, key, value: true })
        .onConflictDoUpdate({ target: [options.accountId, options.key], set: { value: true, updatedAt: sql`now()` } });
    } else {
      await tx.execute(sql`delete from ${options} where account_id = ${accountId} and key = ${key}`);
    }
  });
  return { hidden };
}

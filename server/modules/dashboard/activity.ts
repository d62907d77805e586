// The owner's feed of what happened lately: enrolments, orders, completions and reviews from the
// domain events, and sign-ups from the members table (joining a site is not an event). One
// statement, the newest `limit` of each source merged, each line with the person's and the
// course's name as the site knows them now.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses, eventOutbox, members } from "../../db/schema";
import { withTenant } from "../../db/tenant";

export const ACTIVITY_EVENTS = {
  course_subscribed: "enrolment",
  payment_success: "order",
  course_completed: "completion",
  course_reviewed: "review",
} as const;

export type ActivityKind = (typeof ACTIVITY_EVENTS)[keyof typeof ACTIVITY_EVENTS] | "signup";

export type ActivityItem = {
  id: string;
  kind: ActivityKind;
  /** ISO moment. */
  at: string;
  /** The member's name, null when they have left the site. */
  person: string | null;
  /** The course's title for enrolments, completions and reviews; null when deleted. */
  course: string | null;
  /** Orders: the total in minor units of `currency`. */
  amount: number | null;
  currency: string | null;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;
const KIND = new Map<string, ActivityKind>(Object.entries(ACTIVITY_EVENTS));

export async function recentActivity(db: Db, accountId: string, limit = 10): Promise<ActivityItem[]> {
  const n = Math.max(1, Math.min(50, Math.floor(limit)));
  const types = Object.keys(ACTIVITY_EVENTS);
  return withTenant(db, accountId, async (tx) => {
    const rows = rowsOf(
      await tx.execute(sql`
        select f.id, f.kind, f.at, m.name as person, c.title as course, f.amount, f.currency
        from (
          (select e.id::text as id, e.type as kind, e.created_at as at,
                  coalesce(e.payload->>'studentId', e.payload->>'userId', e.actor_id) as user_id,
                  e.payload->>'courseId' as course_id,
                  case when jsonb_typeof(e.payload->'totalAmount') = 'number'
                       then (e.payload->>'totalAmount')::bigint end as amount,
                  e.payload->>'currency' as currency
           from ${eventOutbox} e
           where e.account_id = ${accountId}
             and e.type in (${sql.join(
               types.map((t) => sql`${t}`),
               sql`, `,
             )})
           order by e.created_at desc
           limit ${n})
          union all
          (select s.id::text, 'signup', s.created_at, s.user_id, null, null, null
           from ${members} s
           where s.account_id = ${accountId}
           order by s.created_at desc
           limit ${n})
        ) f
        left join ${members} m on m.account_id = ${accountId} and m.user_id = f.user_id
        left join ${courses} c on c.account_id = ${accountId} and c.id::text = f.course_id
        order by f.at desc, f.id
        limit ${n}`),
    );
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind === "signup" ? "signup" : (KIND.get(String(r.kind)) ?? "enrolment"),
      at: new Date(r.at as string | Date).toISOString(),
      person: (r.person as string | null) ?? null,
      course: (r.course as string | null) ?? null,
      amount: r.amount == null ? null : Number(r.amount),
      currency: (r.currency as string | null) ?? null,
    }));
  });
}

// What sells each course (core/course-offer.ts decides how it is offered): the published products
// that grant it, and the memberships that include it with the published products that grant those.
// Three queries for any number of courses, so a catalogue page costs the same as one course.
import { and, eq, sql } from "drizzle-orm";
import { type CourseOffer, courseOffer, type SellingProduct } from "../../../core/course-offer";
import type { Tx } from "../../db/client";
import { memberships, products } from "../../db/schema";
import { productCharge } from "./sale-price";

export type OfferedCourse = { id: string; access: "free" | "private" };

/** Text array literal for jsonb's ?| (any of these keys/elements). */
const textArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;

export async function courseOffers(
  tx: Tx,
  accountId: string,
  list: OfferedCourse[],
): Promise<Map<string, CourseOffer>> {
  const out = new Map<string, CourseOffer>();
  const sold = list.filter((c) => c.access !== "free");
  for (const c of list) if (c.access === "free") out.set(c.id, { kind: "free" });
  if (sold.length === 0) return out;
  const ids = sold.map((c) => c.id);
  const including = await tx
    .select({ id: memberships.id, title: memberships.title, courseIds: memberships.courseIds })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), sql`${memberships.courseIds} ?| ${textArray(ids)}`));
  const membershipIds = including.map((m) => m.id);
  const selling = await tx
    .select({
      id: products.id,
      title: products.title,
      slug: products.slug,
      image: products.image,
      metadata: products.metadata,
      salePrice: products.salePrice,
      saleStartsAt: products.saleStartsAt,
      saleEndsAt: products.saleEndsAt,
      courseIds: products.courseIds,
      membershipIds: products.membershipIds,
    })
    .from(products)
    .where(
      and(
        eq(products.accountId, accountId),
        eq(products.status, "published"),
        membershipIds.length
          ? sql`(${products.courseIds} ?| ${textArray(ids)} or ${products.membershipIds} ?| ${textArray(membershipIds)})`
          : sql`${products.courseIds} ?| ${textArray(ids)}`,
      ),
    );
  const now = new Date();
  const view = (p: (typeof selling)[number]): SellingProduct => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    image: p.image,
    metadata: p.metadata,
    saleAmount: productCharge(p, now),
  });
  for (const c of sold) {
    const courseMemberships = including.filter((m) => m.courseIds.includes(c.id));
    out.set(
      c.id,
      courseOffer({
        access: c.access,
        products: selling.filter((p) => p.courseIds.includes(c.id)).map(view),
        memberships: courseMemberships.map((m) => ({
          id: m.id,
          title: m.title,
          products: selling.filter((p) => p.membershipIds.includes(m.id)).map(view),
        })),
      }),
    );
  }
  return out;
}

// The site objects a funnel step points at: the choices the editor offers for each step type, the
// check that a step's object is the site's own, and the page paths (or tracked action) that mean a
// visitor reached the step.
import { and, eq, ilike, inArray, sql } from "drizzle-orm";
import { type FunnelGraph, type FunnelStepType, STEP_REF_KIND, type StepTarget } from "../../../core/funnel-graph";
import { isUuid } from "../../../core/uuid";
import type { Db, Tx } from "../../db/client";
import { courses, forms, memberships, pages, popups, posts, products } from "../../db/schema";
import { withTenant } from "../../db/tenant";
import { fieldError } from "../../errors";
import { containing } from "../../db/like";

export type SiteObject = { id: string; label: string; slug: string | null };

const LIMIT = 50;

/** The site's objects of the kind a step type points at, whose title contains `search`. */
export async function objectsFor(tx: Tx, accountId: string, type: FunnelStepType, search = ""): Promise<SiteObject[]> {
  const like = containing(search);
  switch (STEP_REF_KIND[type].kind) {
    case "page":
      return tx
        .select({ id: pages.id, label: pages.title, slug: pages.slug })
        .from(pages)
        .where(and(eq(pages.accountId, accountId), eq(pages.kind, "page"), ilike(pages.title, like)))
        .orderBy(pages.title)
        .limit(LIMIT);
    case "post":
      return tx
        .select({ id: posts.id, label: posts.title, slug: posts.slug })
        .from(posts)
        .where(and(eq(posts.accountId, accountId), ilike(posts.title, like)))
        .orderBy(posts.title)
        .limit(LIMIT);
    case "course":
      return tx
        .select({ id: courses.id, label: courses.title, slug: courses.slug })
        .from(courses)
        .where(and(eq(courses.accountId, accountId), ilike(courses.title, like)))
        .orderBy(courses.title)
        .limit(LIMIT);
    case "product":
      return tx
        .select({ id: products.id, label: products.title, slug: products.slug })
        .from(products)
        .where(and(eq(products.accountId, accountId), ilike(products.title, like)))
        .orderBy(products.title)
        .limit(LIMIT);
    case "membership":
      return tx
        .select({ id: memberships.id, label: memberships.title, slug: sql<null>`null` })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), ilike(memberships.title, like)))
        .orderBy(memberships.title)
        .limit(LIMIT);
    case "form":
      return tx
        .select({ id: forms.id, label: forms.name, slug: sql<null>`null` })
        .from(forms)
        .where(and(eq(forms.accountId, accountId), ilike(forms.name, like)))
        .orderBy(forms.name)
        .limit(LIMIT);
    default:
      return tx
        .select({ id: popups.id, label: popups.name, slug: sql<null>`null` })
        .from(popups)
        .where(and(eq(popups.accountId, accountId), ilike(popups.name, like)))
        .orderBy(popups.name)
        .limit(LIMIT);
  }
}

type Known = Map<string, { slug: string | null }>;

async function known(tx: Tx, accountId: string, kind: string, ids: string[]): Promise<Known> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Map();
  const pick = async (rows: Promise<{ id: string; slug: string | null }[]>) =>
    new Map((await rows).map((r) => [r.id, { slug: r.slug }]));
  switch (kind) {
    case "page":
      return pick(
        tx
          .select({ id: pages.id, slug: pages.slug })
          .from(pages)
          .where(and(eq(pages.accountId, accountId), eq(pages.kind, "page"), inArray(pages.id, valid))),
      );
    case "post":
      return pick(
        tx
          .select({ id: posts.id, slug: posts.slug })
          .from(posts)
          .where(and(eq(posts.accountId, accountId), inArray(posts.id, valid))),
      );
    case "course":
      return pick(
        tx
          .select({ id: courses.id, slug: courses.slug })
          .from(courses)
          .where(and(eq(courses.accountId, accountId), inArray(courses.id, valid))),
      );
    case "product":
      return pick(
        tx
          .select({ id: products.id, slug: products.slug })
          .from(products)
          .where(and(eq(products.accountId, accountId), inArray(products.id, valid))),
      );
    case "membership":
      return pick(
        tx
          .select({ id: memberships.id, slug: sql<null>`null` })
          .from(memberships)
          .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, valid))),
      );
    case "form":
      return pick(
        tx
          .select({ id: forms.id, slug: sql<null>`null` })
          .from(forms)
          .where(and(eq(forms.accountId, accountId), inArray(forms.id, valid))),
      );
    default:
      return pick(
        tx
          .select({ id: popups.id, slug: sql<null>`null` })
          .from(popups)
          .where(and(eq(popups.accountId, accountId), inArray(popups.id, valid))),
      );
  }
}

/** Every step's object, looked up on this site: a ref of another site (or none) is a field error. */
async function lookUp(tx: Tx, accountId: string, graph: FunnelGraph): Promise<Map<string, Known>> {
  const byKind = new Map<string, string[]>();
  for (const n of graph.nodes) {
    if (!n.data.ref) continue;
    const kind = STEP_REF_KIND[n.data.type].kind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), n.data.ref]);
  }
  const out = new Map<string, Known>();
  for (const [kind, ids] of byKind) out.set(kind, await known(tx, accountId, kind, ids));
  return out;
}

/** Refuses (422, field `graph.nodes.{i}.data.ref`) a step whose object is not one of the site's. */
export async function checkRefs(tx: Tx, accountId: string, graph: FunnelGraph): Promise<void> {
  const found = await lookUp(tx, accountId, graph);
  graph.nodes.forEach((n, i) => {
    if (!n.data.ref) return;
    if (!found.get(STEP_REF_KIND[n.data.type].kind)?.has(n.data.ref)) {
      throw fieldError(
        "validation_failed",
        `graph.nodes.${i}.data.ref`,
        `Step "${n.data.label}" points at nothing on this site`,
      );
    }
  });
}

const pagePath = (slug: string) => (slug === "home" ? "/" : `/${slug}`);

/** What reaching each step looks like, from its object's address on the public site. */
export async function stepTargets(tx: Tx, accountId: string, graph: FunnelGraph): Promise<Map<string, StepTarget>> {
  const found = await lookUp(tx, accountId, graph);
  const membershipIds = graph.nodes.filter((n) => n.data.type === "membership" && n.data.ref).map((n) => n.data.ref);
  const granting = membershipIds.length
    ? await tx
        .select({ slug: products.slug, membershipIds: products.membershipIds })
        .from(products)
        .where(eq(products.accountId, accountId))
    : [];
  const targets = new Map<string, StepTarget>();
  for (const n of graph.nodes) {
    const ref = n.data.ref ?? null;
    const slug = ref ? (found.get(STEP_REF_KIND[n.data.type].kind)?.get(ref)?.slug ?? null) : null;
    const paths = (p: string | null): StepTarget => ({ paths: p ? [p] : [] });
    switch (n.data.type) {
      case "pages":
        targets.set(n.id, paths(slug === null ? null : pagePath(slug)));
        break;
      case "posts":
        targets.set(n.id, paths(slug === null ? null : `/blog/${slug}`));
        break;
      case "courses":
        targets.set(n.id, paths(slug === null ? null : `/course/${slug}`));
        break;
      case "products":
        targets.set(n.id, paths(slug === null ? null : `/product/${slug}`));
        break;
      case "upsell":
        // The one-click offer after a paid order (decision 0048), or the product's own page.
        targets.set(n.id, { paths: slug === null ? [] : [`/product/${slug}`], prefixes: ["/checkout/upsell/"] });
        break;
      case "forms":
        targets.set(n.id, paths(ref ? `/f/${ref}` : null));
        break;
      case "membership":
        targets.set(n.id, {
          paths: granting.filter((p) => ref && p.membershipIds.includes(ref)).map((p) => `/product/${p.slug}`),
        });
        break;
      case "popup":
        targets.set(n.id, { paths: [], event: { type: "popup", value: ref } });
        break;
      case "cart":
      case "cross":
        targets.set(n.id, { paths: [], event: { type: "cart", value: ref } });
        break;
      case "checkout":
        targets.set(n.id, paths("/checkout"));
        break;
      case "order":
        targets.set(n.id, { paths: ["/checkout/return"], prefixes: ["/dashboard/orders/"] });
        break;
    }
  }
  return targets;
}

/** objectsFor in its own tenant transaction, for the editor's object pickers. */
export function siteObjects(db: Db, accountId: string, type: FunnelStepType, search = ""): Promise<SiteObject[]> {
  return withTenant(db, accountId, (tx) => objectsFor(tx, accountId, type, search));
}

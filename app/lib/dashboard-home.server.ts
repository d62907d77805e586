// What the dashboard home loads for each kind of person: the owner's panels (each its own service
// call, run side by side, each failing on its own), a member's courses, certificates and what is
// coming, and on the platform the account owner's sites.
import type { AppLoadContext } from "react-router";
import { findPlan } from "../../core/plans";
import { setupChecklist } from "../../core/setup-checklist";
import type { Panel } from "../components/home/panel";
import { routeExistsOn } from "./implemented-routes";

async function panel<T>(read: () => Promise<T>): Promise<Panel<T>> {
  try {
    return { ok: true, data: await read() };
  } catch (err) {
    console.error("[dashboard] a home panel failed:", (err as Error).message);
    return { ok: false };
  }
}

/** The plan's catalogue slug (its name is a translation), null without a plan. */
export const planSlugOf = (planId: string | null | undefined) => findPlan(planId)?.slug ?? null;

/** The checklist as the screens show it: facts ticked, links only to screens that exist. */
export async function loadChecklist(context: AppLoadContext) {
  const state = await context.services.dashboard.setup();
  return {
    ...setupChecklist(state.facts, routeExistsOn(false)),
    hidden: state.hidden,
    address: context.siteUrl(context.site),
  };
}

const COURSES_SHOWN = 6;

export async function loadOwnerHome(context: AppLoadContext) {
  const svc = context.services.dashboard;
  const [checklist, usage, sales, activity, posts, courses] = await Promise.all([
    panel(() => loadChecklist(context)),
    panel(() => svc.usage()),
    panel(() => svc.sales()),
    panel(() => svc.activity()),
    panel(async () => (await context.services.postEditor.list({ status: "all", perPage: 5 })).items),
    panel(async () => {
      const { items, totals } = await context.services.learning.stats.site();
      const top = [...items].sort((a, b) => b.enrolled - a.enrolled || a.title.localeCompare(b.title));
      return {
        total: totals.courses,
        items: top.slice(0, COURSES_SHOWN).map((c) => ({
          courseId: c.courseId,
          title: c.title,
          students: c.enrolled,
          completed: c.completed,
          completionRate: c.enrolled ? Math.floor((c.completed / c.enrolled) * 100) : null,
        })),
      };
    }),
  ]);
  return {
    checklist,
    usage,
    plan: planSlugOf(context.site.settings.plan),
    sales,
    activity,
    posts: posts.ok
      ? {
          ok: true as const,
          data: posts.data.map((p) => ({
            id: p.id,
            title: p.title,
            status: p.status,
            publishedAt: p.publishedAt,
            updatedAt: p.updatedAt,
          })),
        }
      : posts,
    courses,
  };
}

export async function loadLearnerHome(context: AppLoadContext) {
  const teaching = context.services.instructor.canUse;
  const [learning, taught] = await Promise.all([
    panel(() => context.services.learning.home()),
    teaching
      ? panel(async () => {
          const list = await context.services.instructor.courses.list({ perPage: COURSES_SHOWN });
          return {
            total: list.total,
            items: list.items.map((c) => ({
              courseId: c.id,
              title: c.title,
              status: c.status,
              students: c.studentCount,
            })),
          };
        })
      : Promise.resolve(null),
  ]);
  return { learning, taught };
}

export async function loadPlatformHome(context: AppLoadContext) {
  const owned = await context.services.sites.owned();
  return owned.map((s) => ({
    accountId: s.accountId,
    title: s.settings.sitetitle,
    url: context.siteUrl(s),
    plan: planSlugOf(s.settings.plan),
    logo: s.settings.logo || null,
  }));
}

// The owner's setup checklist: six things a new site needs before it can teach and sell, each
// ticked from what the site really has (never from a box the owner clicks), in the order an owner
// usually does them, with the screen that does each.

export const SETUP_STEPS = ["logo", "course", "product", "payments", "domain", "student"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** What the site has, read in one statement (server/modules/dashboard/checklist.ts). */
export type SetupFacts = Record<SetupStep, boolean>;

/** The screen that does each step; the screen is offered only where it exists (implemented routes). */
export const SETUP_STEP_PATHS: Record<SetupStep, string> = {
  logo: "/dashboard/manage/site/theme",
  course: "/dashboard/instructor/new",
  product: "/dashboard/manage/ecommerce",
  payments: "/dashboard/manage/ecommerce/payments",
  domain: "/dashboard/manage/site/domain",
  student: "/dashboard/manage/users",
};

export type SetupItem = { id: SetupStep; done: boolean; href: string | null };
export type SetupChecklist = { items: SetupItem[]; done: number; total: number; complete: boolean };

/** The checklist from the facts; `exists` says whether a step's screen is built. */
export function setupChecklist(facts: SetupFacts, exists: (path: string) => boolean): SetupChecklist {
  const items = SETUP_STEPS.map((id) => ({
    id,
    done: facts[id],
    href: exists(SETUP_STEP_PATHS[id]) ? SETUP_STEP_PATHS[id] : null,
  }));
  const done = items.filter((i) => i.done).length;
  return { items, done, total: items.length, complete: done === items.length };
}

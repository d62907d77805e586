// The translations come in two parts. Every page needs the public part; only signed-in screens (the
// dashboard, editors, the course player) need the dashboard part, so a visitor's browser never
// downloads the words of screens it cannot open. The server always has both.

/** Top-level groups of translation.json that only dashboard screens use. */
export const DASHBOARD_GROUPS: readonly string[] = [
  "messages",
  "activity",
  "ai",
  "addons",
  "affiliate",
  "assessments",
  "audienceFields",
  "appointments",
  "automations",
  "campaigns",
  "chat",
  "contactImport",
  "contacts",
  "dashboard",
  "feedback",
  "forms",
  "funnels",
  "groups",
  "home",
  "instructor",
  "learning",
  "mail",
  "mailbox",
  "manage",
  "marketing",
  "media",
  "menuGroups",
  "notifications",
  "popups",
  "presence",
  "profile",
  "quickCreate",
  "reports",
  "billing",
  "siteAddress",
  "webApp",
  "webhooks",
  "siteAdmin",
  "staffAccounts",
  "staffBilling",
  "subscriptions",
  "tickets",
  "gamification",
  "points",
  "touchpoints",
  "tour",
];

export type TranslationPart = "public" | "dashboard";

const DASHBOARD = new Set(DASHBOARD_GROUPS);

/** The groups of a language's translations that belong to one part. */
export function translationPart<T extends Record<string, unknown>>(bundle: T, part: TranslationPart): Partial<T> {
  return Object.fromEntries(
    Object.entries(bundle).filter(([group]) => DASHBOARD.has(group) === (part === "dashboard")),
  ) as Partial<T>;
}

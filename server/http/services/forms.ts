// What the forms screens (/dashboard/manage/marketing/forms…) call, for the site's managers with the
// `forms` plan feature; and the active form visitors see on its public address and in page blocks.
import type { Context } from "hono";
import { mailingLists } from "../../modules/audience";
import { type FormInput, type FormPatch, forms, type PopupInput, popups } from "../../modules/forms";
import { requirePlanFeatureOf } from "../../modules/usage";
import type { AppEnv } from "../env";
import { requireSiteManager } from "../middleware/guards";

export function formServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const accountId = site.accountId;
  /** Runs a call for the site's managers, with the plan feature. */
  const managed = async <T>(run: () => Promise<T>): Promise<T> => {
    requireSiteManager(c);
    requirePlanFeatureOf(site, "forms");
    return run();
  };
  return {
    popups: {
      list: () => managed(() => popups.list(db, accountId)),
      get: (id: string) => managed(() => popups.get(db, accountId, id)),
      create: (input: PopupInput) => managed(() => popups.create(db, accountId, input)),
      update: (id: string, patch: Partial<PopupInput>) => managed(() => popups.update(db, accountId, id, patch)),
      remove: (id: string) => managed(() => popups.remove(db, accountId, id)),
    },
    forms: {
      list: () => managed(() => forms.list(db, accountId)),
      get: (id: string) => managed(() => forms.get(db, accountId, id)),
      create: (input: FormInput) => managed(() => forms.create(db, accountId, input)),
      update: (id: string, patch: FormPatch) => managed(() => forms.update(db, accountId, id, patch)),
      remove: (id: string) => managed(() => forms.remove(db, accountId, id)),
      submissions: (id: string, page: number, perPage: number) =>
        managed(() => forms.submissions(db, accountId, id, { page, perPage })),
      /** The site's mailing lists a form can put its contacts on. */
      lists: () => managed(() => mailingLists.list(db, accountId)),
      /** An active form of this site as visitors see it; null for none (another site's, inactive, malformed id). */
      published: async (id: string) => {
        try {
          return await forms.published(db, accountId, id);
        } catch {
          return null;
        }
      },
    },
  };
}

// What the page screens call from loaders and actions: the editor's list, load, save, publish and
// delete (manage_options on the site, or staff on the platform's own site, who also write the docs),
// and what visitors read: a published page or doc by slug. Who may do what is decided here from
// the request's member, never from anything the page sends.
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import { type PageInput, type PageKind, type PageSort, type PageStatus, pages } from "../../modules/pages";
import { pageGate } from "../../modules/commerce/member-access";
import type { AppEnv } from "../env";

export function pagesServices(c: Context<AppEnv>) {
  const { database } = c.get("platform");
  const db = database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const staffHere = Boolean(c.get("isStaff") && site.isPlatform);

  /** Throws unless the request may edit pages of this kind on this site. */
  const editor = (kind: PageKind) => {
    if (!user) throw notAuthenticated();
    if (kind === "doc") {
      if (!staffHere) throw new AppError("forbidden", "Docs are written by staff on the platform's own site only");
      return;
    }
    if (!(staffHere || (member && (member.isOwner || hasCap(member.caps, "manage_options"))))) {
      throw new AppError("forbidden", "This needs the manage_options capability on this site");
    }
  };

  return {
    pages: {
      /** Whether the request may edit pages (kind page) or docs here; for menus and guards. */
      canEdit: (kind: PageKind = "page") => {
        try {
          editor(kind);
          return true;
        } catch {
          return false;
        }
      },
      list: (
        kind: PageKind,
        opts: { status?: PageStatus; q?: string; page?: number; per_page?: number; sort?: PageSort } = {},
      ) => {
        editor(kind);
        return pages.list(db, site.accountId, { kinds: [kind], ...opts });
      },
      get: (kind: PageKind, id: string) => {
        editor(kind);
        return pages.get(db, site.accountId, requireUuid(id, "Page"), [kind]);
      },
      create: (kind: PageKind, input: Omit<PageInput, "kind">) => {
        editor(kind);
        return pages.create(db, site, { ...input, kind }, member?.member.id ?? null);
      },
      update: (kind: PageKind, id: string, patch: Omit<PageInput, "kind">) => {
        editor(kind);
        return pages.update(db, site.accountId, requireUuid(id, "Page"), patch, [kind]);
      },
      setStatus: (kind: PageKind, id: string, status: PageStatus) => {
        editor(kind);
        return pages.setStatus(db, site.accountId, requireUuid(id, "Page"), status, [kind]);
      },
      remove: (kind: PageKind, id: string) => {
        editor(kind);
        return pages.remove(db, site.accountId, requireUuid(id, "Page"), [kind]);
      },
      /** A published page at /{slug} (kind page) or /docs/{slug} (kind doc, platform only); else null. */
      published: async (kind: PageKind, slug: string) => {
        if (kind === "doc" && !site.isPlatform) return null;
        return pages.getPublished(db, site.accountId, kind, slug);
      },
      /**
       * Whether the viewer may read a member-only page (site managers and holders of one of its
       * memberships may); the products that give access when not.
       */
      gate: (pageId: string) =>
        pageGate(db, site.accountId, pageId, {
          userId: user && member ? user.id : null,
          isManager: Boolean(staffHere || (member && (member.isOwner || hasCap(member.caps, "manage_options")))),
        }),
      /** The published docs for /docs (platform only). */
      publishedDocs: async () => (site.isPlatform ? pages.listPublished(db, site.accountId, "doc") : []),
    },
  };
}

// What the blog screens call from loaders and actions: the public blog (published posts only), the
// post editor for the site's managers (and staff on the platform site, whose blog is the platform
// blog), and staff product updates. Who may do what is decided here from the request, never from
// anything the page sends. Failures are AppError (code, status, message, details).
import type { Context } from "hono";
import { hasCap } from "../../../core/roles";
import { AppError, notAuthenticated, requireUuid } from "../../errors";
import { platformUpdatesService } from "../../modules/platform-updates";
import { categories, type PostInput, type PostListQuery, posts } from "../../modules/posts";
import type { AppEnv } from "../env";

export const PUBLIC_PAGE_SIZE = 9;

export function blogServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const site = c.get("site");
  const user = c.get("user");
  const member = c.get("member");
  const isStaff = c.get("isStaff");
  const accountId = site.accountId;

  const canManage = Boolean(
    user && ((site.isPlatform && isStaff) || (member && (member.isOwner || hasCap(member.caps, "manage_options")))),
  );
  const manager = () => {
    if (!user) throw notAuthenticated();
    if (!canManage) throw new AppError("forbidden", "This needs the manage_options capability on this site");
  };
  const staff = () => {
    if (!user) throw notAuthenticated();
    if (!(isStaff && site.isPlatform)) throw new AppError("forbidden", "Staff only");
  };

  return {
    blog: {
      /** Published posts for visitors: featured first, then newest; optionally one category's. */
      list: (opts: { page?: number; category?: string } = {}) =>
        posts.list(db, accountId, {
          status: "published",
          category: opts.category,
          page: opts.page,
          perPage: PUBLIC_PAGE_SIZE,
          featuredFirst: true,
        }),
      categories: async () => (await categories.list(db, accountId)).filter((cat) => cat.posts > 0),
      /** A published post by its address; drafts and unknown slugs are not found. */
      post: (slug: string) => posts.getPublishedBySlug(db, accountId, slug),
    },
    postEditor: {
      /** Whether the signed-in person may write this site's blog. */
      canManage,
      list: (query: PostListQuery) => {
        manager();
        return posts.list(db, accountId, query);
      },
      get: (id: string) => {
        manager();
        return posts.get(db, accountId, requireUuid(id, "Post"));
      },
      create: (input: PostInput) => {
        manager();
        return posts.create(db, accountId, member?.member.id ?? null, input);
      },
      update: (id: string, input: PostInput) => {
        manager();
        return posts.update(db, accountId, requireUuid(id, "Post"), input);
      },
      publish: (id: string, at?: string | null) => {
        manager();
        return posts.publish(db, accountId, requireUuid(id, "Post"), at);
      },
      unpublish: (id: string) => {
        manager();
        return posts.unpublish(db, accountId, requireUuid(id, "Post"));
      },
      remove: (id: string) => {
        manager();
        return posts.remove(db, accountId, requireUuid(id, "Post"));
      },
      categories: () => {
        manager();
        return categories.list(db, accountId);
      },
      createCategory: (input: { name: string; slug?: string | null }) => {
        manager();
        return categories.create(db, accountId, input);
      },
    },
    platformUpdates: {
      /** Whether the person is staff on the platform site (the only place updates are written). */
      canManage: Boolean(user && isStaff && site.isPlatform),
      list: (page = 1) => {
        staff();
        return platformUpdatesService.list(db, page, 20);
      },
      publish: (input: { title: string; body: string }) => {
        staff();
        return platformUpdatesService.publish(db, input);
      },
    },
  };
}

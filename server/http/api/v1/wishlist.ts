// The signed-in member's wishlist (spec §9 course_wishlisted): saved courses, save and remove.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../../../errors";
import { wishlist } from "../../../modules/wishlist";
import type { AppEnv } from "../../env";
import { requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

const ZWishlistEntry = z
  .object({
    courseId: z.string().uuid(),
    title: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    savedAt: z.string(),
  })
  .openapi("WishlistEntry");
const ZCourseParam = z.object({
  courseId: z.string().openapi({ param: { name: "courseId", in: "path" }, example: "6f1c…" }),
});
const ZSaved = z
  .object({
    courseId: z.string().uuid(),
    saved: z.boolean(),
    changed: z.boolean().openapi({ description: "False when the course already was (or was not) on the wishlist" }),
  })
  .openapi("WishlistChange");

const tags = ["Wishlist"];
const signedIn = [requireSession()];

const r = {
  list: createRoute({
    method: "get",
    path: "/me/wishlist",
    tags,
    summary: "My saved courses on this site, newest first",
    middleware: signedIn,
    responses: { 200: ok(z.object({ courses: z.array(ZWishlistEntry) }), "The saved courses"), ...errorResponses },
  }),
  get: createRoute({
    method: "get",
    path: "/me/wishlist/{courseId}",
    tags,
    summary: "Whether I saved this course",
    middleware: signedIn,
    request: { params: ZCourseParam },
    responses: { 200: ok(ZSaved, "Saved or not"), ...errorResponses },
  }),
  put: createRoute({
    method: "put",
    path: "/me/wishlist/{courseId}",
    tags,
    summary: "Save a published course for later (saving it again changes nothing)",
    middleware: signedIn,
    request: { params: ZCourseParam },
    responses: { 200: ok(ZSaved, "Saved"), ...errorResponses },
  }),
  remove: createRoute({
    method: "delete",
    path: "/me/wishlist/{courseId}",
    tags,
    summary: "Take a course off my wishlist",
    middleware: signedIn,
    request: { params: ZCourseParam },
    responses: { 200: ok(ZSaved, "Not saved"), ...errorResponses },
  }),
};

/** The site, the database and the member: only members of this site keep a wishlist here. */
function scope(c: Context<AppEnv>) {
  if (!c.get("member")) throw new AppError("forbidden", "Only members of this site keep a wishlist here");
  return { db: c.get("platform").database.db, accountId: c.get("site").accountId, userId: c.get("user")!.id };
}

export const wishlistRoutes = newRouter()
  .openapi(r.list, async (c) => {
    const { db, accountId, userId } = scope(c);
    return c.json({ courses: await wishlist.list(db, accountId, userId) }, 200);
  })
  .openapi(r.get, async (c) => {
    const { db, accountId, userId } = scope(c);
    const { courseId } = c.req.valid("param");
    return c.json({ courseId, saved: await wishlist.has(db, accountId, userId, courseId), changed: false }, 200);
  })
  .openapi(r.put, async (c) => {
    const { db, accountId, userId } = scope(c);
    const { courseId } = c.req.valid("param");
    const { added } = await wishlist.add(db, accountId, userId, courseId);
    return c.json({ courseId, saved: true, changed: added }, 200);
  })
  .openapi(r.remove, async (c) => {
    const { db, accountId, userId } = scope(c);
    const { courseId } = c.req.valid("param");
    const { removed } = await wishlist.remove(db, accountId, userId, courseId);
    return c.json({ courseId, saved: false, changed: removed }, 200);
  });

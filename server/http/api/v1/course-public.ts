// The public side of courses over REST: the published catalogue and categories, course pages by
// slug, reviews by enrolled students (managers may delete one), and certificates: a student's own
// list, public verification by code and the PDF.
import { createRoute, z } from "@hono/zod-openapi";
import {
  certificateByCode,
  coursePage,
  deleteReview,
  listCourseCategories,
  listCourses,
  myCertificates,
  renderCertificatePdf,
  saveReview,
  ZReviewInput,
} from "../../../modules/course-catalog";
import { siteAddress } from "../../../../core/site-address";
import { requireCap, requireSession } from "../../middleware/guards";
import { errorResponses, newRouter, ok } from "./router";

const ZOfferPrice = z.object({
  type: z.enum(["onetime", "subscription"]),
  amount: z.number().int().openapi({ description: "Minor units of the site's currency" }),
  duration: z.object({ value: z.number().int(), parameter: z.number().int() }).nullable(),
});
const ZOfferProduct = z.object({
  id: z.string().uuid(),
  title: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  price: ZOfferPrice,
});
const ZCourseOffer = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("free") }),
    z.object({ kind: z.literal("private") }),
    z.object({
      kind: z.literal("sold"),
      products: z.array(ZOfferProduct),
      memberships: z.array(z.object({ id: z.string().uuid(), title: z.string(), products: z.array(ZOfferProduct) })),
      cheapest: ZOfferProduct,
      severalPrices: z.boolean(),
    }),
  ])
  .openapi("CourseOffer", {
    description:
      "How the course is offered: free (enrol from its page), sold by the products that grant it or a membership that includes it, or private",
  });

const ZCourseCard = z
  .object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    image: z.string().nullable(),
    access: z.enum(["free", "private"]),
    offer: ZCourseOffer,
    instructor: z.object({ name: z.string(), slug: z.string() }).nullable(),
    rating: z.number(),
    reviews: z.number().int(),
    students: z.number().int(),
  })
  .openapi("CourseCard");
const ZCourseCategory = z
  .object({ id: z.string().uuid(), name: z.string(), slug: z.string(), courses: z.number().int() })
  .openapi("CourseCategory");
const ZReview = z
  .object({
    id: z.string().uuid(),
    courseId: z.string().uuid(),
    rating: z.number().int(),
    title: z.string(),
    review: z.string(),
  })
  .openapi("CourseReview");
const ZCertificate = z
  .object({ code: z.string(), courseId: z.string().uuid(), courseTitle: z.string(), issuedAt: z.string() })
  .openapi("MyCertificate");
const ZVerification = z
  .object({
    code: z.string(),
    studentName: z.string(),
    courseTitle: z.string(),
    issuedAt: z.string(),
    siteTitle: z.string(),
  })
  .openapi("CertificateVerification");

const ZCourseParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" } }),
});
const ZReviewParam = ZCourseParam.extend({
  reviewId: z
    .string()
    .uuid()
    .openapi({ param: { name: "reviewId", in: "path" } }),
});
const ZSlugParam = z.object({
  slug: z
    .string()
    .max(200)
    .openapi({ param: { name: "slug", in: "path" } }),
});
const ZCodeParam = z.object({
  code: z
    .string()
    .max(64)
    .openapi({ param: { name: "code", in: "path" } }),
});

const listRoute = createRoute({
  method: "get",
  path: "/catalog/courses",
  tags: ["Courses"],
  summary: "Published courses of this site, nine a page (optionally one category's)",
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      category: z.string().max(80).optional().openapi({ description: "A course category slug" }),
    }),
  },
  responses: {
    200: ok(
      z.object({
        items: z.array(ZCourseCard),
        total: z.number().int(),
        page: z.number().int(),
        perPage: z.number().int(),
      }),
      "A page of courses",
    ),
    ...errorResponses,
  },
});
const categoriesRoute = createRoute({
  method: "get",
  path: "/catalog/categories",
  tags: ["Courses"],
  summary: "Course categories with their published course counts",
  responses: { 200: ok(z.object({ items: z.array(ZCourseCategory) }), "Every course category") },
});
const pageRoute = createRoute({
  method: "get",
  path: "/catalog/courses/{slug}",
  tags: ["Courses"],
  summary: "A published course's public page data (outline titles only)",
  request: { params: ZSlugParam },
  responses: { 200: ok(z.object({}).passthrough(), "The course page"), ...errorResponses },
});
const reviewRoute = createRoute({
  method: "put",
  path: "/courses/{id}/review",
  tags: ["Courses"],
  summary: "Write or change your review (enrolled students only; one per course)",
  middleware: [requireSession()],
  request: {
    params: ZCourseParam,
    body: { required: true, content: { "application/json": { schema: ZReviewInput } } },
  },
  responses: { 200: ok(ZReview, "Your review"), ...errorResponses },
});
const deleteReviewRoute = createRoute({
  method: "delete",
  path: "/courses/{id}/reviews/{reviewId}",
  tags: ["Courses"],
  summary: "Delete a review (site managers)",
  middleware: [requireCap("manage_options")],
  request: { params: ZReviewParam },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});
const myCertificatesRoute = createRoute({
  method: "get",
  path: "/certificates",
  tags: ["Courses"],
  summary: "Your certificates on this site, newest first",
  middleware: [requireSession()],
  responses: { 200: ok(z.object({ items: z.array(ZCertificate) }), "Your certificates"), ...errorResponses },
});
const verifyRoute = createRoute({
  method: "get",
  path: "/certificates/{code}",
  tags: ["Courses"],
  summary: "Verify a certificate by its code (public)",
  request: { params: ZCodeParam },
  responses: { 200: ok(ZVerification, "Who earned it, for which course, when"), ...errorResponses },
});
const pdfRoute = createRoute({
  method: "get",
  path: "/certificates/{code}/pdf",
  tags: ["Courses"],
  summary: "The certificate as a PDF (public by its code)",
  request: { params: ZCodeParam },
  responses: {
    200: { content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } }, description: "PDF" },
    ...errorResponses,
  },
});

export const coursePublicRoutes = newRouter()
  .openapi(listRoute, async (c) => {
    const q = c.req.valid("query");
    const { database } = c.get("platform");
    const { items, total, page, perPage } = await listCourses(database.db, c.get("site").accountId, q);
    return c.json({ items, total, page, perPage }, 200);
  })
  .openapi(categoriesRoute, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await listCourseCategories(database.db, c.get("site").accountId) }, 200);
  })
  .openapi(pageRoute, async (c) => {
    const { database } = c.get("platform");
    const data = await coursePage(
      database.db,
      c.get("site").accountId,
      c.req.valid("param").slug,
      c.get("user")?.id ?? null,
    );
    return c.json(data, 200);
  })
  .openapi(reviewRoute, async (c) => {
    const { database } = c.get("platform");
    const review = await saveReview(database.db, c.get("site").accountId, {
      courseId: c.req.valid("param").id,
      studentId: c.get("user")!.id, // requireSession ran
      review: c.req.valid("json"),
    });
    return c.json(review, 200);
  })
  .openapi(deleteReviewRoute, async (c) => {
    const { database } = c.get("platform");
    const { id, reviewId } = c.req.valid("param");
    await deleteReview(database.db, c.get("site").accountId, id, reviewId);
    return c.body(null, 204);
  })
  .openapi(myCertificatesRoute, async (c) => {
    const { database } = c.get("platform");
    return c.json({ items: await myCertificates(database.db, c.get("site").accountId, c.get("user")!.id) }, 200);
  })
  .openapi(verifyRoute, async (c) => {
    const { database } = c.get("platform");
    const site = c.get("site");
    const { verification } = await certificateByCode(database.db, site.accountId, c.req.valid("param").code);
    return c.json({ ...verification, siteTitle: site.settings.sitetitle }, 200);
  })
  .openapi(pdfRoute, async (c) => {
    const { database } = c.get("platform");
    const site = c.get("site");
    const { verification, template } = await certificateByCode(database.db, site.accountId, c.req.valid("param").code);
    const { cfg } = c.get("platform");
    // The site's own address (custom domain or slug host, PUBLIC_SCHEME), whichever host was asked.
    const pdf = await renderCertificatePdf(verification, template, {
      origin: `${cfg.scheme}://${siteAddress(site, cfg.baseDomain)}`,
      title: site.settings.sitetitle,
    });
    return new Response(Buffer.from(pdf), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="certificate-${verification.code}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  });

import { createRoute, z } from "@hono/zod-openapi";
import { SEARCH_LIMIT, SEARCH_TYPES, searchSite } from "../../../modules/search";
import { newRouter, ok } from "./router";

const ZSearchQuery = z.object({
  q: z.string().max(200).default(""),
  type: z.enum(SEARCH_TYPES).default("all"),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT),
});

const ZSearchResults = z
  .object({
    results: z.array(
      z.object({
        type: z.enum(["course", "blog", "pages", "members", "products"]),
        title: z.string(),
        url: z.string(),
      }),
    ),
  })
  .openapi("SearchResults");

const search = createRoute({
  method: "get",
  path: "/search",
  tags: ["Search"],
  summary: "Search this site (at most 9 results a type; an empty term finds nothing)",
  request: { query: ZSearchQuery },
  responses: { 200: ok(ZSearchResults, "Results, grouped by type"), 422: { description: "Invalid query" } },
});

export const searchRoutes = newRouter().openapi(search, async (c) => {
  const { q, type, limit } = c.req.valid("query");
  const { database } = c.get("platform");
  return c.json({ results: await searchSite(database.db, c.get("site").accountId, q, type, limit) }, 200);
});

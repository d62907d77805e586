// The typed REST API: every route declares its zod request and response schemas, from which the
// OpenAPI document is generated. Validation failures leave through the one error type.
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../env";
import { validationError } from "../../errors";

export const newRouter = () =>
  new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error as unknown as z.ZodError);
    },
  });

export const ZError = z
  .object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })
  .openapi("Error");

export const ZNotAuthenticated = z
  .object({ code: z.literal("not_authenticated"), message: z.string() })
  .openapi("NotAuthenticated");

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { "application/json": { schema } },
  description,
});

/** The error responses every protected route can give. */
export const errorResponses = {
  401: json(ZNotAuthenticated, "No session or API key"),
  403: json(ZError, "Not allowed"),
  404: json(ZError, "Not found (also for another site's ids)"),
  422: json(ZError, "Invalid input; details name the field"),
} as const;

export const ok = json;

/** A JSON request body for a route (required unless said otherwise). */
export const jsonBody = <T extends z.ZodType>(schema: T, required = true) => ({
  required,
  content: { "application/json": { schema } },
});

export const ZPage = z.object({
  page: z.coerce.number().int().min(1).default(1).openapi({ example: 1 }),
  per_page: z.coerce.number().int().min(1).max(100).default(20).openapi({ example: 20 }),
});

export const ZUuidParam = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: "id", in: "path" } }),
});

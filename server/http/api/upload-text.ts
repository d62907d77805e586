// POST /api/upload/text (spec §7): multipart `file` (the text) and `info` (JSON { path, account_id });
// the text becomes the content of the unit, quiz or assignment the path names.
import { Hono } from "hono";
import { z } from "zod";
import { AppError, fieldError, notFound } from "../../errors";
import { UPLOAD_TEXT_MAX_BYTES, uploadText } from "../../modules/courses";
import type { AppEnv } from "../env";
import { instructorCtx } from "../learning-context";
import { requireSession } from "../middleware/guards";

const ZInfo = z.object({ path: z.string().max(200), account_id: z.string() });

export function uploadTextRoutes() {
  const api = new Hono<AppEnv>();
  api.post("/upload/text", requireSession(), async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw new AppError("bad_request", "Send multipart/form-data with file and info");
    });
    const file = form.file;
    const rawInfo = form.info;
    if (!(file instanceof File) && typeof file !== "string")
      throw fieldError("validation_failed", "file", "A text file is required");
    let info: z.infer<typeof ZInfo>;
    try {
      info = ZInfo.parse(JSON.parse(typeof rawInfo === "string" ? rawInfo : await (rawInfo as File).text()));
    } catch {
      throw fieldError("validation_failed", "info", "info must be JSON with path and account_id");
    }
    if (info.account_id !== c.get("site").accountId) throw notFound("Account");
    const size = typeof file === "string" ? Buffer.byteLength(file) : file.size;
    if (size > UPLOAD_TEXT_MAX_BYTES) throw fieldError("payload_too_large", "file", "The text is larger than 1 MB");
    const text = typeof file === "string" ? file : await file.text();
    return c.json({ data: await uploadText(instructorCtx(c), info.path, text) });
  });
  return api;
}

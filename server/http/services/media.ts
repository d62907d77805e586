// What the media screens' loaders call: the library's first page and the storage meter. Only the
// site's managers (owner or manage_options, and staff on the platform's site) may; uploads, edits and deletes go through /api/v1/media.
import type { Context } from "hono";
import type { MediaKind } from "../../../core/upload-types";
import { AppError, notAuthenticated } from "../../errors";
import { type MediaItem, mediaLibrary, type StorageUsage } from "../../modules/media";
import type { AppEnv } from "../env";
import { isContentManager } from "../middleware/guards";

export type MediaPage = { items: MediaItem[]; total: number; usage: StorageUsage };

export function mediaServices(c: Context<AppEnv>) {
  const { database } = c.get("platform");
  const site = c.get("site");
  const manager = () => {
    if (!c.get("user")) throw notAuthenticated();
    if (!isContentManager(c)) throw new AppError("forbidden", "This needs the manage_options capability on this site");
  };
  return {
    media: {
      /** A page of the library, newest first, with the site's storage usage. */
      list: async (
        opts: { page?: number; per_page?: number; kind?: MediaKind; q?: string } = {},
      ): Promise<MediaPage> => {
        manager();
        const [result, usage] = await Promise.all([
          mediaLibrary.list(database.db, site.accountId, opts),
          mediaLibrary.usage(database.db, site),
        ]);
        return { ...result, usage };
      },
    },
  };
}

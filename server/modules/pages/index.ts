// Pages built from blocks (a site's /{slug} pages, "home" replacing the default home) and the
// platform's docs (/docs/{slug}): listing, editing, publishing, and the platform's starter pages.
export { cleanPageDocument } from "./document";
export { pages, publicPaths } from "./service";
export type { PageInput, PageKind, PageSort, PageStatus, PageSummary, PageView } from "./service";
export { ensurePlatformContentPages, PLATFORM_CONTENT_PAGES } from "./starter";

// The blog: posts (draft or published, featured, cover image, sanitised content) and their
// categories, per site. Publishing changes drop the cached blog pages and feed.
export { posts } from "./service";
export type { PostInput, PostListQuery, PostStatus, PostSummary, PostView } from "./service";
export {
  CATEGORY,
  categories,
  categoriesOf,
  checkCategoryIds,
  PLATFORM_CATEGORIES,
  taxonomyCategories,
} from "./categories";
export type { CategoryView, CategoryWithCount } from "./categories";

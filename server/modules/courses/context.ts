import type { Db } from "../../db/client";
import type { MeteredSite } from "../usage";

/** Who is acting, on which site: passed explicitly to every learning service. */
export type LearningCtx = {
  db: Db;
  accountId: string;
  /** users.id of the acting member. */
  userId: string;
  /** The member's role caps (manage_options, create_courses, manage_students, …). */
  caps: readonly string[];
  /** The site, for its plan's limits (courses). */
  site: MeteredSite;
};

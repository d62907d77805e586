import type { Db } from "../../db/client";

/** Who is acting, on which site: passed explicitly to every learning service. */
export type LearningCtx = {
  db: Db;
  accountId: string;
  /** users.id of the acting member. */
  userId: string;
  /** The member's role caps (manage_options, create_courses, manage_students, …). */
  caps: readonly string[];
};

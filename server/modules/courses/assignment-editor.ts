// Assignments: instructions (sanitised) and how they are marked and handed in.
import type { AssignmentInput } from "../../../core/course-schemas";
import type { AssignmentSettings, assignments } from "../../db/schema";
import { sanitizeRichHtml } from "../html";
import { itemStore } from "./item-store";

type AssignmentRow = typeof assignments.$inferSelect;
export type AssignmentView = {
  id: string;
  title: string;
  content: string;
  settings: AssignmentSettings;
  authorId: string;
  updatedAt: string;
};

export const assignmentEditor = itemStore<AssignmentRow, AssignmentInput, AssignmentView>({
  kind: "assignments",
  columns: (input) => ({
    ...(input.content !== undefined && { content: sanitizeRichHtml(input.content) }),
    ...(input.settings !== undefined && { settings: input.settings }),
  }),
  view: (r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    settings: r.settings,
    authorId: r.authorId,
    updatedAt: r.updatedAt.toISOString(),
  }),
});

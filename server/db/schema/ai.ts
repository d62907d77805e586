// Work asked of the AI provider (decision 0065): one row a request, worked by a job, read back by
// the screen that asked it (progress, then the draft or the error). A draft is only a proposal: what
// it becomes (a curriculum, quiz questions, a transcript) is written when a person accepts it, or by
// the task kind itself in the same transaction that marks it done.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { AiFailureReason, AiFailureValues } from "../../../core/ai-failures";
import { accountIdColumn, tenantPolicies } from "./_tenancy";
import { accounts } from "./accounts";

export const aiTasks = pgTable(
  "ai_tasks",
  {
    accountId: accountIdColumn().references(() => accounts.accountId, { onDelete: "cascade" }),
    id: uuid("id").notNull().default(sql`gen_random_uuid()`),
    /** The task kind ("course-outline", "quiz-questions", "transcript", …). */
    kind: text("kind").notNull(),
    /** Who asked (users.id); only they (and the site's managers) read it. */
    userId: text("user_id").notNull(),
    status: text("status").notNull().default("queued"),
    /** 0–100, for the screen's progress bar. */
    progress: integer("progress").notNull().default(0),
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    result: jsonb("result").$type<unknown>(),
    /** Why it failed, in English words a person can act on (API callers, logs). */
    error: text("error"),
    /** Why it failed as a code of core/ai-failures (a screen words it in its language); null: none known. */
    errorReason: text("error_reason").$type<AiFailureReason>(),
    /** What the reason's sentence names (a file name, sizes in bytes). */
    errorValues: jsonb("error_values").$type<AiFailureValues>(),
    /** What it cost: tokens (text) or seconds of audio (speech). */
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    audioSeconds: integer("audio_seconds").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.id] }),
    index("ai_tasks_user_idx").on(t.accountId, t.userId, t.createdAt),
    check("ai_tasks_status_check", sql`status in ('queued', 'running', 'done', 'failed')`),
    check("ai_tasks_progress_check", sql`progress between 0 and 100`),
    ...tenantPolicies(),
  ],
);

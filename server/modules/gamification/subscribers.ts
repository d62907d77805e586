// What members do, heard from the domain events: each event writes its activity and, on a site
// with gamification on, the points the owner set for it. Delivery is at least once; the source
// keys make a second delivery change nothing. Points are earned once per unit, course, quiz,
// review and group post, however often a course is reset and done again.
import type { PointActivity } from "../../../core/points";
import { isUuid } from "../../../core/uuid";
import type { Db } from "../../db/client";
import { withTenant } from "../../db/tenant";
import { type DomainEvent, events } from "../events";
import { type ActivityDraft, announcePoints, grantInTx, recordActivity } from "./grants";
import { pointsFor } from "./rules";

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);

type Heard = {
  userId: string;
  activity?: Omit<ActivityDraft, "userId">;
  earns?: { reason: PointActivity; key: string };
};

/** What an event means for the feed and for points; null when it carries no member. */
export function heardFrom(event: DomainEvent): Heard | null {
  const p = event.payload;
  const userId = str(p.studentId) ?? str(p.userId) ?? event.actorId;
  if (!userId) return null;
  const courseId = isUuid(str(p.courseId)) ? str(p.courseId) : null;
  switch (event.type) {
    case "course_subscribed":
      return { userId, activity: { kind: "enrolled", courseId, sourceKey: `event:${event.id}` } };
    case "lesson_completed":
      return {
        userId,
        earns: { reason: "lesson_completed", key: `lesson_completed:${courseId}:${str(p.itemId)}:${userId}` },
      };
    case "course_completed": {
      const key = `course_completed:${courseId}:${userId}`;
      return {
        userId,
        activity: { kind: "completed", courseId, sourceKey: key },
        earns: { reason: "course_completed", key },
      };
    }
    case "quiz_submitted":
    case "quiz_evaluated": {
      if (p.passed !== true) return null;
      const key = `quiz_passed:${str(p.quizId)}:${userId}`;
      return { userId, activity: { kind: "passed", courseId, sourceKey: key }, earns: { reason: "quiz_passed", key } };
    }
    case "course_reviewed": {
      const key = `course_reviewed:${courseId}:${userId}`;
      return {
        userId,
        activity: { kind: "reviewed", courseId, sourceKey: key },
        earns: { reason: "course_reviewed", key },
      };
    }
    case "group_post_created": {
      const postId = str(p.postId);
      if (!postId) return null;
      const key = `group_post_created:${postId}`;
      return {
        userId,
        activity: { kind: "posted", groupId: str(p.groupId), sourceKey: key },
        earns: { reason: "group_post_created", key },
      };
    }
    default:
      return null;
  }
}

export const HEARD_EVENTS = [
  "course_subscribed",
  "lesson_completed",
  "course_completed",
  "quiz_submitted",
  "quiz_evaluated",
  "course_reviewed",
  "group_post_created",
] as const;

export async function onMemberEvent(db: Db, event: DomainEvent): Promise<void> {
  const heard = heardFrom(event);
  if (!heard) return;
  const granted = await withTenant(db, event.accountId, async (tx) => {
    if (heard.activity)
      await recordActivity(tx, event.accountId, { userId: heard.userId, ...heard.activity, at: event.createdAt });
    if (!heard.earns) return false;
    const points = await pointsFor(tx, event.accountId, heard.earns.reason);
    if (points <= 0) return false;
    return grantInTx(tx, event.accountId, {
      userId: heard.userId,
      reason: heard.earns.reason,
      points,
      sourceKey: heard.earns.key,
      courseId: heard.activity?.courseId ?? (isUuid(str(event.payload.courseId)) ? str(event.payload.courseId) : null),
      at: event.createdAt,
    });
  });
  if (granted) await announcePoints(event.accountId, heard.userId);
}

for (const type of HEARD_EVENTS) events.on(type, onMemberEvent);

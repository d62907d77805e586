// What a notification says, in the reader's language. Course, member and group notifications carry
// their event and names (data.event, data.params), so every reader sees them worded in their own
// language; their stored title is only the English fallback for other clients. A message repeating
// the title is not shown twice.
import type { TFunction } from "../i18n";
import { enrolmentStatusName } from "../../core/enrolment-status";
import { htmlToText } from "../../core/html-text";
import type { InboxItem } from "./notifications";

export type NotificationText = { title: string; message: string | null };

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

export function notificationText(item: Pick<InboxItem, "title" | "message" | "data">, t: TFunction): NotificationText {
  const data = item.data ?? {};
  const event = typeof data.event === "string" ? data.event : null;
  // Member notices (joins, new courses, renewals) are worded per recipient: the same event welcomes
  // the member and tells the owner.
  const recipient = typeof data.recipient === "string" ? data.recipient : null;
  const key = event
    ? recipient
      ? `notifications.member.${event}.${recipient}`
      : event.startsWith("group_")
        ? `notifications.group.${event}`
        : `notifications.course.${event}`
    : null;
  const params = data.params && typeof data.params === "object" ? (data.params as Record<string, unknown>) : null;
  let title = item.title;
  // Notifications stored before they carried their names keep their stored title.
  if (key && params && t(key, { defaultValue: "" })) {
    const status = typeof params.status === "number" ? enrolmentStatusName(params.status) : null;
    title = t(key, {
      student: str(params.student),
      course: str(params.course),
      quiz: str(params.quiz),
      assignment: str(params.assignment),
      marks: str(params.marks),
      rating: str(params.rating),
      status: status ? t(`learning.statuses.${status}`) : str(params.status),
      member: str(params.member),
      site: str(params.site),
      order: str(params.order),
      group: str(params.group),
      // Names are shown as written, never as markup.
      interpolation: { escapeValue: false },
    });
  }
  const message = htmlToText(item.message ?? "");
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  return { title, message: message && !same(message, title) && !same(message, item.title) ? message : null };
}

// Pure rules of the messages screen (spec §2 /dashboard/messages): what a message may hold, the
// key that keeps one direct chat per pair, and when a recipient is told by a notification.
import { z } from "zod";
import { isUuid } from "./uuid";

export const MESSAGE_MAX_CHARS = 4000;
export const MESSAGE_ATTACHMENTS_MAX = 5;
export const CHAT_TITLE_MAX = 120;
/** Members of a group conversation, its creator included. */
export const CHAT_MEMBERS_MAX = 50;
export const MESSAGES_PAGE_MAX = 100;
/** A recipient who marked the chat read this recently is looking at it: no notification. */
export const LOOKING_AT_CHAT_MS = 30_000;

export const ZSendMessage = z
  .object({
    body: z.string().max(MESSAGE_MAX_CHARS, `body is at most ${MESSAGE_MAX_CHARS} characters`).default(""),
    attachments: z
      .array(z.string().refine(isUuid, "attachments are ids of files of the site's media library"))
      .max(MESSAGE_ATTACHMENTS_MAX, `at most ${MESSAGE_ATTACHMENTS_MAX} attachments`)
      .default([]),
  })
  .strict()
  .refine((m) => m.body.trim().length > 0 || m.attachments.length > 0, {
    message: "A message needs text or an attachment",
    path: ["body"],
  });
export type SendMessage = z.input<typeof ZSendMessage>;

export const ZOpenChat = z
  .object({
    member_ids: z
      .array(z.string().min(1).max(100))
      .min(1, "member_ids names at least one other member")
      .max(CHAT_MEMBERS_MAX - 1, `a conversation has at most ${CHAT_MEMBERS_MAX} members`),
    title: z.string().trim().max(CHAT_TITLE_MAX).optional(),
  })
  .strict();
export type OpenChat = z.input<typeof ZOpenChat>;

/** The unique key of the direct chat between two people, the same whichever of them opens it. */
export function directKey(a: string, b: string): string {
  return [a, b].sort().join(" ");
}

/**
 * Whether a new message should put a chat notification in this recipient's bell: not when they
 * muted the chat, not while one for this chat is still unread there, and not while they are
 * looking at the chat (read it within LOOKING_AT_CHAT_MS).
 */
export function shouldNotify(
  recipient: { muted: boolean; notified: boolean; lastReadAt: Date | null },
  now: Date,
): boolean {
  if (recipient.muted || recipient.notified) return false;
  return !recipient.lastReadAt || now.getTime() - recipient.lastReadAt.getTime() > LOOKING_AT_CHAT_MS;
}

/** The text a notification or the chat list shows for a message: its first line, shortened. */
export function messagePreview(body: string, max = 80): string {
  const line = body.trim().split("\n")[0] ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// Support tickets (spec §3 "Support ticket: category, status", §4 statuses and colours, §9
// categories): what a ticket may hold, the schemas both the screens and the server validate with,
// and the rule of who moves a ticket to which status (decision 0026).
import { z } from "zod";

/** Spec §9 ticket categories; the feedback tab asks for one of these too. */
export const TICKET_CATEGORIES = ["siteDown", "setup", "issue", "bug", "feature"] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

/** Spec §4: unresolved, awaited (awaiting the owner's answer), resolved. */
export const TICKET_STATUSES = ["unresolved", "awaited", "resolved"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Spec §4 colours: warning, info, success (Mantine's yellow, blue, green). */
export const TICKET_STATUS_COLORS: Record<TicketStatus, string> = {
  unresolved: "yellow",
  awaited: "blue",
  resolved: "green",
};

/** Who writes on a ticket: the site's side (owner, manage_options) or platform staff. */
export type TicketSide = "owner" | "staff";

export const SUBJECT_MIN = 3;
export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 10_000;
export const ATTACHMENTS_MAX = 5;

/**
 * The status a reply leaves the ticket in: staff answering means the ticket awaits the owner; the
 * owner writing again means it needs staff again, even after it was resolved.
 */
export function statusAfterReply(side: TicketSide): TicketStatus {
  return side === "staff" ? "awaited" : "unresolved";
}

/** Staff set any status; the owner may only close their ticket (replying reopens it). */
export function maySetStatus(side: TicketSide, status: TicketStatus): boolean {
  return side === "staff" || status === "resolved";
}

/** A file of the site's media library, as the library serves it: /media/{id}/{name}. */
const LIBRARY_URL = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/?#\s]+$/i;

/** The media id of a library URL, else null. */
export function libraryMediaId(url: string): string | null {
  return LIBRARY_URL.exec(url.trim())?.[1]?.toLowerCase() ?? null;
}

/** Plain text: line endings made one kind and control characters (other than tab and newline) removed. */
export function plainText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  return text.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

const ZMessage = z
  .string({ message: "message is required" })
  .transform(plainText)
  .pipe(
    z.string().trim().min(1, "message is required").max(MESSAGE_MAX, `message is at most ${MESSAGE_MAX} characters`),
  );

const ZAttachments = z
  .array(
    z
      .string()
      .trim()
      .refine((u) => libraryMediaId(u) !== null, "attachments must be files of the site's media library"),
  )
  .max(ATTACHMENTS_MAX, `at most ${ATTACHMENTS_MAX} attachments`)
  .default([]);

export const ZTicketCategory = z.enum(TICKET_CATEGORIES, {
  message: `category must be one of ${TICKET_CATEGORIES.join(", ")}`,
});
export const ZTicketStatus = z.enum(TICKET_STATUSES, {
  message: `status must be one of ${TICKET_STATUSES.join(", ")}`,
});

export const ZOpenTicket = z.object({
  category: ZTicketCategory,
  subject: z
    .string({ message: "subject is required" })
    .transform(plainText)
    .pipe(
      z
        .string()
        .trim()
        .min(SUBJECT_MIN, `subject needs at least ${SUBJECT_MIN} characters`)
        .max(SUBJECT_MAX, `subject is at most ${SUBJECT_MAX} characters`),
    ),
  message: ZMessage,
  attachments: ZAttachments,
});
export type OpenTicket = z.input<typeof ZOpenTicket>;

export const ZTicketReply = z.object({ message: ZMessage, attachments: ZAttachments });
export type TicketReply = z.input<typeof ZTicketReply>;

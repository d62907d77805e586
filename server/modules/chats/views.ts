// What the chat screens and the API see of chats and messages, built from rows in one place.
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { media, members, type messages } from "../../db/schema";
import { urlName } from "../media";

export type ChatPerson = { user_id: string; name: string };
export type MessageAttachment = { id: string; url: string; filename: string; mime: string };
export type MessageView = {
  id: string;
  chat_id: string;
  author: ChatPerson;
  /** Null once a manager or the author removed it ("message removed"). */
  body: string | null;
  attachments: MessageAttachment[];
  removed: boolean;
  created_at: string;
};
export type ChatView = {
  id: string;
  kind: "direct" | "group";
  /** The group's title, or for a direct chat the other person's name. */
  title: string;
  group_id: string | null;
  members: ChatPerson[];
  last_message: MessageView | null;
  last_message_at: string | null;
  unread: number;
  muted: boolean;
  /** A direct chat in which one of the two blocked the other: no new messages either way. */
  blocked: boolean;
};

type MessageRow = typeof messages.$inferSelect;

/** Names of these people on the site; someone who left shows as a former member. */
export async function namesOf(tx: Tx, accountId: string, userIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await tx
    .select({ userId: members.userId, name: members.name })
    .from(members)
    .where(and(eq(members.accountId, accountId), inArray(members.userId, ids)));
  return new Map(rows.map((r) => [r.userId, r.name]));
}

export const person = (names: Map<string, string>, userId: string): ChatPerson => ({
  user_id: userId,
  name: names.get(userId) ?? "Former member",
});

/** The media library files these messages attach, by id (files deleted since are left out). */
export async function attachmentsOf(tx: Tx, accountId: string, rows: MessageRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.deletedAt ? [] : r.attachments)))];
  const out = new Map<string, MessageAttachment>();
  if (!ids.length) return out;
  const files = await tx
    .select({ id: media.id, filename: media.filename, mime: media.mime, storageKey: media.storageKey })
    .from(media)
    .where(and(eq(media.accountId, accountId), inArray(media.id, ids)));
  for (const f of files) {
    out.set(f.id, {
      id: f.id,
      url: `/media/${f.id}/${urlName(f.filename, f.storageKey.slice(f.storageKey.lastIndexOf(".") + 1))}`,
      filename: f.filename,
      mime: f.mime,
    });
  }
  return out;
}

/** Builds the views of message rows, reading their authors' names and files in two queries. */
export async function messageViews(tx: Tx, accountId: string, rows: MessageRow[]): Promise<MessageView[]> {
  const names = await namesOf(
    tx,
    accountId,
    rows.map((r) => r.authorId),
  );
  const files = await attachmentsOf(tx, accountId, rows);
  return rows.map((r) => messageView(r, names, files));
}

export function messageView(
  r: MessageRow,
  names: Map<string, string>,
  files: Map<string, MessageAttachment>,
): MessageView {
  const removed = r.deletedAt !== null;
  return {
    id: r.id,
    chat_id: r.chatId,
    author: person(names, r.authorId),
    body: removed ? null : r.body,
    attachments: removed ? [] : r.attachments.flatMap((id) => files.get(id) ?? []),
    removed,
    created_at: r.createdAt.toISOString(),
  };
}

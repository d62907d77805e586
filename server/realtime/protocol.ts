// The messages of /api/realtime (JSON text frames), described in docs/decisions/0008-realtime.md.
import { z } from "zod";
import type { MessageView } from "../modules/chats";
import type { OnlineMember } from "../modules/presence";

/** client → server: "this browser is here", sent once the socket opens (device_id from local storage). */
export const ZPresenceMessage = z.object({
  type: z.literal("presence"),
  device: z.object({
    device_id: z.string().uuid(),
    browser: z.string().max(100).default(""),
    platform: z.string().max(100).default(""),
    screenWidth: z.number().int().min(0).max(100_000).default(0),
    screenHeight: z.number().int().min(0).max(100_000).default(0),
    deviceType: z.string().max(40).default(""),
  }),
});
export type PresenceMessage = z.infer<typeof ZPresenceMessage>;

export type ServerMessage =
  | { type: "presence"; channel: "onlineUsers"; online: OnlineMember[]; count: number }
  | { type: "notification" }
  | { type: "chat"; event: "message" | "removed" | "read"; chat_id: string; message: MessageView | null }
  | { type: "error"; code: "invalid_message" | "device_taken" | "rate_limited"; message: string };

/** Parses one text frame; null when it is not JSON or not a message we know. */
export function parseClientMessage(raw: string): { ok: true; message: PresenceMessage } | { ok: false; why: string } {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { ok: false, why: "Messages are JSON text" };
  }
  const parsed = ZPresenceMessage.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, why: `Invalid ${issue?.path.join(".") || "message"}: ${issue?.message ?? "unknown message"}` };
  }
  return { ok: true, message: parsed.data };
}

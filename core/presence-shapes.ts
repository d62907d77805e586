// What travels over /api/realtime (spec §3 online-presence record, §7 presence channel
// onlineUsers, broadcast `notification`), checked on arrival so a malformed frame is dropped
// rather than rendered, and the device description each browser announces about itself.
import { z } from "zod";

export const DEVICE_TYPES = ["mobile", "tablet", "desktop"] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const ZDeviceInfo = z.object({
  device_id: z.string().min(1).max(100),
  browser: z.string().max(100),
  platform: z.string().max(100),
  screenWidth: z.number().int().nonnegative(),
  screenHeight: z.number().int().nonnegative(),
  deviceType: z.enum(DEVICE_TYPES),
});
export type DeviceInfo = z.infer<typeof ZDeviceInfo>;

export const ZOnlineMember = z.object({
  user_id: z.string(),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  device_id: z.string().nullable().optional(),
  device: z.unknown().optional(),
});
export type OnlineMember = z.infer<typeof ZOnlineMember>;

export const ZPresenceSnapshot = z.object({ online: z.array(ZOnlineMember), count: z.number().int().nonnegative() });
export type PresenceSnapshot = z.infer<typeof ZPresenceSnapshot>;

export const ZRealtimeMessage = z.discriminatedUnion("type", [
  ZPresenceSnapshot.extend({ type: z.literal("presence"), channel: z.string().optional() }),
  z.object({ type: z.literal("notification") }).passthrough(),
  z
    .object({
      type: z.literal("chat"),
      event: z.enum(["message", "removed", "read"]),
      chat_id: z.string(),
      message: z.record(z.string(), z.unknown()).nullable(),
    })
    .passthrough(),
]);
export type RealtimeMessage = z.infer<typeof ZRealtimeMessage>;

/** A frame from the server, or null when it is not one we understand. */
export function parseRealtimeMessage(raw: unknown): RealtimeMessage | null {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = ZRealtimeMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Phones under 768 px (the dashboard's own breakpoint), tablets under 1024 px, else desktop. */
export function deviceTypeFor(screenWidth: number, userAgent = ""): DeviceType {
  if (/iPad|Tablet/i.test(userAgent)) return "tablet";
  if (/Mobi|Android.+Mobile|iPhone/i.test(userAgent) || screenWidth < 768) return "mobile";
  if (screenWidth < 1024) return "tablet";
  return "desktop";
}

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

/** The browser's family name from its user agent, "Other" when not recognised. */
export function browserName(userAgent: string): string {
  return BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Other";
}

/**
 * Backoff before reconnect attempt `n` (0-based), the spec's retry rule (§9):
 * min(1000 × 2^n, 30000) ms.
 */
export function reconnectDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt), 30_000);
}

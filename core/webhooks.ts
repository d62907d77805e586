// Outgoing webhooks (decision 0034): which events a site's endpoints may subscribe to, which URLs
// they may point at, and when a failed delivery is tried again. Pure, so the screen validates with
// the same rules as the server and the schedule is tested with plain numbers.
import { z } from "zod";

/**
 * The outbox events an endpoint can subscribe to: the ones a site's own changes emit. The
 * instructor_* and student_* twins of course_subscribed/course_started are left out (they carry the
 * same payload), and so are support tickets, which are between a site and the platform.
 */
export const WEBHOOK_EVENTS = [
  "course_subscribed",
  "course_started",
  "lesson_completed",
  "course_completed",
  "course_status_changed",
  "course_evaluated",
  "course_reset",
  "course_reviewed",
  "certificate_earned",
  "quiz_submitted",
  "quiz_evaluated",
  "quiz_retake",
  "quiz_reset",
  "assignment_submitted",
  "assignment_evaluated",
  "assignment_reset",
  "payment_success",
  "subscription_started",
  "subscription_ended",
  "membership_subscribed",
  "membership_ended",
  "cart_abandoned",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event "Send test" delivers; never emitted by the site, so nobody subscribes to it. */
export const PING_EVENT = "ping";

/** Endpoints one site may have. */
export const MAX_ENDPOINTS = 10;
/** Attempts per event and endpoint, the first included. */
export const MAX_ATTEMPTS = 6;
/** Failed attempts in a row (across events) after which an endpoint is switched off. */
export const DISABLE_AFTER_FAILURES = 20;
/** How long a delivery's attempts are kept in the log. */
export const DELIVERY_LOG_DAYS = 30;
/** How long one attempt may take, connection included. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/** Seconds to wait before attempt n+1 after attempt n failed: 1 min, 5 min, 30 min, 2 h, 8 h. */
const RETRY_DELAYS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 8 * 60 * 60] as const;

/** The wait before the next attempt after `attempt` failed, or null when that was the last one. */
export function retryDelaySeconds(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS[attempt - 1] ?? null;
}

/** Whether a receiver's answer counts as delivered: any 2xx. */
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Whether an IP address is one a site must not make the server call in production: loopback,
 * private, carrier-grade NAT, link-local (cloud metadata lives at 169.254.169.254), multicast,
 * reserved and unspecified addresses, and IPv4 ones written as IPv6.
 */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && (Number(v4[3]) === 0 || Number(v4[3]) === 2)) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase().replace(/^\[|\]$/g, "");
  if (!v6.includes(":")) return false;
  const mapped = v6.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return isPrivateAddress(mapped[1]);
  if (/^::ffff:[0-9a-f]{1,4}:[0-9a-f]{1,4}$/.test(v6)) return true;
  return (
    v6 === "::" ||
    v6 === "::1" ||
    /^f[cd][0-9a-f]{0,2}:/.test(v6) ||
    /^fe[89ab][0-9a-f]?:/.test(v6) ||
    /^ff[0-9a-f]{0,2}:/.test(v6) ||
    v6.startsWith("64:ff9b:") ||
    v6.startsWith("2001:db8:")
  );
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const isLocalName = (host: string) =>
  LOCAL_HOSTS.has(host) || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal");

/** Why a URL cannot be an endpoint, as the message key the screen shows. */
export type WebhookUrlProblem = "invalid" | "credentials" | "httpsRequired" | "privateAddress";

/**
 * The URL rule, in this order: an absolute http(s) URL of at most 2,000 characters without a user
 * or password; https, except plain http to localhost/127.0.0.1/[::1] outside production (a
 * receiver on the developer's machine); in production no local name and no private or link-local
 * address. Names that resolve to such addresses are refused again at delivery, on the address
 * actually connected to.
 */
export function webhookUrlProblem(raw: string, opts: { production: boolean }): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "invalid";
  }
  if (raw.length > 2000 || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) return "invalid";
  if (url.username || url.password) return "credentials";
  const host = url.hostname.toLowerCase();
  if (url.protocol === "http:" && (opts.production || !LOCAL_HOSTS.has(host))) return "httpsRequired";
  if (opts.production && (isLocalName(host) || isPrivateAddress(host))) return "privateAddress";
  return null;
}

const URL_MESSAGES: Record<WebhookUrlProblem, string> = {
  invalid: "Enter a full URL such as https://example.com/hooks",
  credentials: "The URL cannot carry a user name or password",
  httpsRequired: "The URL must start with https://",
  privateAddress: "The URL points at a private or local address",
};

/** The fields of an endpoint, without defaults; `production` decides the URL rule. */
const endpointFields = (opts: { production: boolean }) => ({
  url: z
    .string()
    .trim()
    .min(1, URL_MESSAGES.invalid)
    .superRefine((v, ctx) => {
      const problem = webhookUrlProblem(v, opts);
      if (problem) ctx.addIssue({ code: "custom", message: URL_MESSAGES[problem], params: { problem } });
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: "Unknown event" }))
    .min(1, "Choose at least one event")
    .transform((list) => [...new Set(list)]),
  description: z.string().trim().max(200, "The description is at most 200 characters"),
  enabled: z.boolean(),
});

/** A new endpoint: a URL and events; no description and switched on unless said. */
export const webhookInputSchema = (opts: { production: boolean }) => {
  const f = endpointFields(opts);
  return z.object({ ...f, description: f.description.default(""), enabled: f.enabled.default(true) }).strict();
};
export type WebhookInput = z.infer<ReturnType<typeof webhookInputSchema>>;

/** A change to an endpoint: only the fields given change. */
export const webhookPatchSchema = (opts: { production: boolean }) => z.object(endpointFields(opts)).partial().strict();
export type WebhookPatch = z.infer<ReturnType<typeof webhookPatchSchema>>;

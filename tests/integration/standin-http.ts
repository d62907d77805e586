// What the provider stand-ins share: the recorded request, JSON answers and provider-style ids.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";

export type Obj = Record<string, unknown>;

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Form fields (Stripe), JSON (PayPal, Razorpay) or raw text. */
  body: Obj;
  raw: string;
};

export const standinId = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": standinId("req") });
  res.end(JSON.stringify(body));
}

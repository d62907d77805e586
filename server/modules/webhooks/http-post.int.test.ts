// The POST that delivers a webhook, against servers on this machine: an answer's status comes back;
// in production a name that resolves to a private address is refused before any connection; a
// receiver that never answers is given up on at the time limit.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver";
import { postJson } from "./http-post";

let receiver: WebhookReceiver;
let silent: Server;
let silentPort = 0;

beforeAll(async () => {
  receiver = await startWebhookReceiver("/in");
  // Accepts the request and never answers.
  silent = createServer(() => {});
  await new Promise<void>((ready) => silent.listen(0, "127.0.0.1", ready));
  const address = silent.address();
  silentPort = typeof address === "object" && address ? address.port : 0;
});
afterAll(async () => {
  await receiver.close();
  silent.closeAllConnections();
  await new Promise((done) => silent.close(done));
});

describe("delivering one webhook request", () => {
  it("posts the body and headers and returns the receiver's status", async () => {
    receiver.answer(202);
    const result = await postJson(receiver.url, '{"a":1}', { "x-test": "yes" }, { production: false });
    expect(result).toMatchObject({ statusCode: 202, error: null });
    const [got] = await receiver.waitFor(1);
    expect(got.body).toBe('{"a":1}');
    expect(got.headers["x-test"]).toBe("yes");
  });

  it("in production, refuses a name that resolves to a private address without connecting", async () => {
    const before = receiver.received.length;
    const url = receiver.url.replace("127.0.0.1", "localhost");
    const result = await postJson(url, "{}", {}, { production: true });
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/private address/);
    expect(receiver.received).toHaveLength(before);
  });

  it("gives up on a receiver that does not answer within the limit", async () => {
    const result = await postJson(`http://127.0.0.1:${silentPort}/`, "{}", {}, { production: false, timeoutMs: 300 });
    expect(result).toMatchObject({ statusCode: null, error: "timed out after 0.3 s" });
  });
});

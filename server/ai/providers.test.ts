import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineLocalAnswer, localProvider } from "./local";
import { openAiProvider } from "./openai";
import { AiProviderError } from "./provider";

type Handler = (req: IncomingMessage, body: Buffer, res: ServerResponse) => void;
let server: Server;
let base = "";
let handler: Handler = (_req, _body, res) => res.end();
const seen: { path: string; auth: string | undefined; body: Buffer; type: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ path: req.url ?? "", auth: req.headers.authorization, body, type: req.headers["content-type"] });
      handler(req, body, res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const provider = (timeoutMs = 2000) =>
  openAiProvider({
    baseUrl: base,
    apiKey: "sk-test",
    textModel: "text-model",
    transcribeModel: "speech-model",
    timeoutMs,
    retryDelayMs: 10,
  });
const json = (res: ServerResponse, status: number, value: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};
const request = { task: "t", system: "Be brief.", prompt: "Say hi", input: {} };

describe("the OpenAI-compatible adapter", () => {
  it("sends the model, both messages and the key, and counts the tokens the API reports", async () => {
    seen.length = 0;
    handler = (_req, _body, res) =>
      json(res, 200, {
        model: "text-model-2026",
        choices: [{ message: { content: '{"ok":true}' } }],
        usage: { prompt_tokens: 12, completion_tokens: 5 },
      });
    const answer = await provider().generate({ ...request, json: true, maxTokens: 300 });
    expect(answer).toEqual({ text: '{"ok":true}', inputTokens: 12, outputTokens: 5, model: "text-model-2026" });
    expect(seen[0]?.path).toBe("/v1/chat/completions");
    expect(seen[0]?.auth).toBe("Bearer sk-test");
    const sent = JSON.parse(String(seen[0]?.body));
    expect(sent).toMatchObject({
      model: "text-model",
      max_tokens: 300,
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Say hi" },
      ],
    });
  });

  it("tries a 5xx once more and then succeeds", async () => {
    seen.length = 0;
    let calls = 0;
    handler = (_req, _body, res) =>
      ++calls === 1
        ? json(res, 502, { error: "bad gateway" })
        : json(res, 200, { choices: [{ message: { content: "hi" } }] });
    const answer = await provider().generate(request);
    expect(answer.text).toBe("hi");
    expect(seen).toHaveLength(2);
    // No usage in the answer: estimated from the text (four characters a token).
    expect(answer.outputTokens).toBe(1);
  });

  it("gives up after the one retry, and does not retry a 4xx", async () => {
    seen.length = 0;
    handler = (_req, _body, res) => json(res, 503, { error: "down" });
    await expect(provider().generate(request)).rejects.toThrow(/answered 503/);
    expect(seen).toHaveLength(2);
    seen.length = 0;
    handler = (_req, _body, res) => json(res, 401, { error: "bad key" });
    const err = await provider()
      .generate(request)
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiProviderError);
    expect(err.status).toBe(401);
    expect(seen).toHaveLength(1);
  });

  it("times out a provider that does not answer, twice, with a message naming the limit", async () => {
    seen.length = 0;
    handler = () => undefined; // never answers
    await expect(provider(150).generate(request)).rejects.toThrow("did not answer within 150 ms");
    expect(seen).toHaveLength(2);
  });

  it("refuses an answer without text", async () => {
    handler = (_req, _body, res) => json(res, 200, { choices: [{ message: { content: "" } }] });
    await expect(provider().generate(request)).rejects.toThrow("no text");
  });

  it("sends audio as multipart with the model and segment timestamps, and reads the segments", async () => {
    seen.length = 0;
    handler = (_req, _body, res) =>
      json(res, 200, {
        text: "Hello there. Welcome.",
        duration: 7.5,
        language: "english",
        segments: [
          { start: 0, end: 3.2, text: " Hello there." },
          { start: 3.2, end: 7.5, text: " Welcome." },
        ],
      });
    const answer = await provider().transcribe({
      audio: new Uint8Array([1, 2, 3]),
      mime: "audio/mpeg",
      filename: "talk.mp3",
      language: "en",
    });
    expect(answer).toEqual({
      segments: [
        { start: 0, end: 3.2, text: "Hello there." },
        { start: 3.2, end: 7.5, text: "Welcome." },
      ],
      durationSeconds: 7.5,
      language: "english",
      model: "speech-model",
    });
    const sent = seen[0];
    expect(sent?.path).toBe("/v1/audio/transcriptions");
    expect(sent?.type).toMatch(/^multipart\/form-data; boundary=/);
    const body = String(sent?.body);
    expect(body).toContain('name="model"\r\n\r\nspeech-model');
    expect(body).toContain('name="response_format"\r\n\r\nverbose_json');
    expect(body).toContain('name="timestamp_granularities[]"\r\n\r\nsegment');
    expect(body).toContain('filename="talk.mp3"');
  });
});

describe("the local stand-in", () => {
  it("answers a registered task from its input, the same way every time", async () => {
    defineLocalAnswer("test-greeting", (input) => ({ greeting: `Hello, ${String(input.name)}` }));
    const local = localProvider();
    const req = { task: "test-greeting", system: "s", prompt: "p", input: { name: "Ada" }, json: true };
    const a = await local.generate(req);
    const b = await local.generate(req);
    expect(JSON.parse(a.text)).toEqual({ greeting: "Hello, Ada" });
    expect(b).toEqual(a);
    expect(a.inputTokens).toBeGreaterThan(0);
    expect(a.outputTokens).toBe(Math.ceil(a.text.length / 4));
  });

  it("transcribes a recording of a known length into six-second segments", async () => {
    const t = await localProvider().transcribe({
      audio: new Uint8Array(10),
      mime: "video/mp4",
      filename: "intro.mp4",
      durationSeconds: 20,
    });
    expect(t.durationSeconds).toBe(20);
    expect(t.segments.map((s) => [s.start, s.end])).toEqual([
      [0, 6],
      [6, 12],
      [12, 18],
      [18, 20],
    ]);
    expect(t.segments.every((s) => /^[A-Z].+\.$/.test(s.text))).toBe(true);
  });

  it("fails every call when told to, as a provider that is down", async () => {
    const down = localProvider({ failWith: "provider down" });
    await expect(down.generate(request)).rejects.toThrow("provider down");
  });
});

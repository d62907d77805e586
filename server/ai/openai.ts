// An adapter for any OpenAI-compatible HTTP API (OpenAI, Azure's compatible endpoint, a local
// server such as vLLM or Ollama's /v1): chat completions for text, audio transcriptions for speech.
// Every request has a time limit and is tried once more after a network error, a time-out, a 429
// or a 5xx; any other answer is final.
import {
  type AiProvider,
  AiProviderError,
  estimateTokens,
  type TextRequest,
  type TranscribeRequest,
  type TranscribeResult,
} from "./provider";

export type OpenAiConfig = {
  baseUrl: string;
  apiKey?: string;
  textModel: string;
  transcribeModel: string;
  timeoutMs: number;
  /** Wait before the one retry (tests make it short). */
  retryDelayMs?: number;
};

const retryable = (status: number) => status === 429 || status >= 500;

async function call(cfg: OpenAiConfig, path: string, init: RequestInit): Promise<unknown> {
  const url = `${cfg.baseUrl.replace(/\/+$/, "")}${path}`;
  const headers = new Headers(init.headers);
  if (cfg.apiKey) headers.set("authorization", `Bearer ${cfg.apiKey}`);
  let last: AiProviderError | null = null;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await new Promise((ok) => setTimeout(ok, cfg.retryDelayMs ?? 1000));
    let res: Response;
    try {
      res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(cfg.timeoutMs) });
    } catch (err) {
      const e = err as Error;
      const timedOut = e.name === "TimeoutError" || e.name === "AbortError";
      last = new AiProviderError(
        timedOut
          ? `The AI provider did not answer within ${cfg.timeoutMs} ms`
          : `The AI provider is unreachable: ${e.message}`,
      );
      continue;
    }
    if (res.ok) {
      try {
        return await res.json();
      } catch {
        throw new AiProviderError("The AI provider answered with something that is not JSON", res.status);
      }
    }
    const body = (await res.text().catch(() => "")).slice(0, 300);
    last = new AiProviderError(`The AI provider answered ${res.status}${body ? `: ${body}` : ""}`, res.status);
    if (!retryable(res.status)) break;
  }
  throw last ?? new AiProviderError("The AI provider did not answer");
}

type ChatAnswer = {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
  model?: string;
};
type SpeechAnswer = {
  text?: string;
  duration?: number;
  language?: string;
  segments?: { start: number; end: number; text: string }[];
};

export function openAiProvider(cfg: OpenAiConfig): AiProvider {
  return {
    name: "openai",
    textModel: cfg.textModel,
    transcribeModel: cfg.transcribeModel,
    async generate(req: TextRequest) {
      const answer = (await call(cfg, "/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          model: cfg.textModel,
          messages: [
            { role: "system", content: req.system },
            { role: "user", content: req.prompt },
          ],
          ...(req.maxTokens ? { max_tokens: req.maxTokens } : {}),
          ...(req.json ? { response_format: { type: "json_object" } } : {}),
        }),
      })) as ChatAnswer;
      const text = answer.choices?.[0]?.message?.content;
      if (typeof text !== "string" || !text.trim()) throw new AiProviderError("The AI provider answered with no text");
      return {
        text,
        inputTokens: answer.usage?.prompt_tokens ?? estimateTokens(req.system) + estimateTokens(req.prompt),
        outputTokens: answer.usage?.completion_tokens ?? estimateTokens(text),
        model: answer.model ?? cfg.textModel,
      };
    },
    async transcribe(req: TranscribeRequest): Promise<TranscribeResult> {
      const form = new FormData();
      form.set("file", new Blob([req.audio as Uint8Array<ArrayBuffer>], { type: req.mime }), req.filename);
      form.set("model", cfg.transcribeModel);
      form.set("response_format", "verbose_json");
      form.append("timestamp_granularities[]", "segment");
      if (req.language) form.set("language", req.language);
      const answer = (await call(cfg, "/audio/transcriptions", { method: "POST", body: form })) as SpeechAnswer;
      const segments = (answer.segments ?? [])
        .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end) && typeof s.text === "string")
        .map((s) => ({ start: s.start, end: s.end, text: s.text.trim() }))
        .filter((s) => s.text);
      if (segments.length === 0 && answer.text?.trim()) {
        segments.push({ start: 0, end: answer.duration ?? req.durationSeconds ?? 0, text: answer.text.trim() });
      }
      const last = segments.at(-1);
      return {
        segments,
        durationSeconds: answer.duration ?? req.durationSeconds ?? last?.end ?? 0,
        language: answer.language ?? req.language ?? null,
        model: cfg.transcribeModel,
      };
    },
  };
}

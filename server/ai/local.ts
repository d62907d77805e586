// The deterministic local stand-in (AI_PROVIDER=local): tests and the demo site get the same answer
// to the same request, without a network or a key. Each feature registers how the stand-in answers
// its task from the request's structured input; a task without one gets its prompt echoed back.
import { createHash } from "node:crypto";
import {
  type AiProvider,
  AiProviderError,
  estimateTokens,
  type TextRequest,
  type TranscribeRequest,
  type TranscribeResult,
  type TranscriptSegment,
} from "./provider";

type LocalAnswer = (input: Record<string, unknown>) => string | object;
const answers = new Map<string, LocalAnswer>();

/** How the stand-in answers a task (at module load of the feature that asks it). */
export function defineLocalAnswer(task: string, answer: LocalAnswer): void {
  answers.set(task, answer);
}

/** A stable number from a text, to vary the stand-in's answers without randomness. */
export function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/** Sentences a recording of this name and length "says", one segment every six seconds. */
function spokenSegments(name: string, seconds: number): TranscriptSegment[] {
  const words = ["welcome", "today", "we", "look", "at", "the", "next", "step", "of", "this", "lesson", "together"];
  const base = seedOf(name);
  const out: TranscriptSegment[] = [];
  for (let start = 0, n = 0; start < seconds; start += 6, n++) {
    const end = Math.min(seconds, start + 6);
    const picked = Array.from({ length: 6 }, (_, i) => words[(base + n * 7 + i * 3) % words.length]);
    const sentence = `${picked.join(" ")}.`;
    out.push({ start, end, text: `${sentence[0]?.toUpperCase()}${sentence.slice(1)}` });
  }
  return out;
}

export type LocalOptions = {
  /** Fail every call with this message (tests of a provider that is down). */
  failWith?: string;
};

export function localProvider(opts: LocalOptions = {}): AiProvider {
  return {
    name: "local",
    textModel: "atrium-local",
    transcribeModel: "atrium-local-speech",
    async generate(req: TextRequest) {
      if (opts.failWith) throw new AiProviderError(opts.failWith, 503);
      const answer = answers.get(req.task);
      const value = answer ? answer(req.input) : req.prompt;
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return {
        text,
        inputTokens: estimateTokens(req.system) + estimateTokens(req.prompt),
        outputTokens: estimateTokens(text),
        model: "atrium-local",
      };
    },
    async transcribe(req: TranscribeRequest): Promise<TranscribeResult> {
      if (opts.failWith) throw new AiProviderError(opts.failWith, 503);
      // Without decoding the audio, its length is what the caller knows, else one second per 16 kB.
      const seconds = Math.max(1, Math.round(req.durationSeconds ?? req.audio.byteLength / 16_000));
      return {
        segments: spokenSegments(req.filename, seconds),
        durationSeconds: seconds,
        language: req.language ?? "en",
        model: "atrium-local-speech",
      };
    },
  };
}

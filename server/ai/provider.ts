// What the platform asks of a language model and of speech-to-text, whoever provides them (decision
// 0065): one interface, an adapter for any OpenAI-compatible HTTP API, and a deterministic local
// stand-in for tests and the demo. Features build their prompts; a provider only answers them.

/** A text request: instructions, the content, and the structured input both were built from. */
export type TextRequest = {
  /** What is asked ("course-outline", "quiz-questions", …): the stand-in answers by it, logs name it. */
  task: string;
  /** The instructions (role, format, rules). */
  system: string;
  /** The content to work on. */
  prompt: string;
  /** The structured input the prompt was built from; the local stand-in answers from it. */
  input: Record<string, unknown>;
  /** The answer must be one JSON object. */
  json?: boolean;
  /** At most this many tokens in the answer. */
  maxTokens?: number;
};

export type TextResult = { text: string; inputTokens: number; outputTokens: number; model: string };

export type TranscriptSegment = { start: number; end: number; text: string };

export type TranscribeRequest = {
  audio: Uint8Array;
  mime: string;
  filename: string;
  /** The spoken language if known (ISO 639-1), else the provider detects it. */
  language?: string;
  /** The recording's length if known, in seconds. */
  durationSeconds?: number;
};

export type TranscribeResult = {
  segments: TranscriptSegment[];
  durationSeconds: number;
  language: string | null;
  model: string;
};

export interface AiProvider {
  readonly name: "local" | "openai";
  readonly textModel: string;
  readonly transcribeModel: string;
  generate(req: TextRequest): Promise<TextResult>;
  transcribe(req: TranscribeRequest): Promise<TranscribeResult>;
}

/** The provider could not answer (after its one retry): nothing built on the answer may be written. */
export class AiProviderError extends Error {
  constructor(
    message: string,
    /** The HTTP status the provider answered, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}

/** A rough token count for text a provider did not count (about four characters a token). */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

// Why an AI task failed or was refused, as a closed list of codes (decision 0065). The server keeps
// an English sentence beside the code for API callers and logs; a screen shows the code's sentence
// in the page's language (`ai.failures.<reason>`) with the values it names.

export const AI_FAILURE_REASONS = [
  /** The installation has no AI provider set up. */
  "not_configured",
  /** No such task kind (values: kind). */
  "unknown_kind",
  /** The provider did not answer (a network error, a time-out, a refusal). */
  "provider_failed",
  /** The draft was made but could not be stored. */
  "save_failed",
  /** The course outline answer was not an object at all. */
  "outline_unreadable",
  /** The course outline answer held no section. */
  "outline_missing",
  /** The rewritten text was empty. */
  "answer_empty",
  /** The unit left the quiz's courses (or was deleted) after the request. */
  "unit_gone",
  /** The unit has too little text to write questions from. */
  "unit_no_text",
  /** The answer held no question that passes the quiz's validation. */
  "no_questions",
  /** The recording is over the transcription limit (values: file, size, maxBytes; sizes in bytes). */
  "file_too_large",
  /** The recording (or its stored bytes) is no longer in the media library. */
  "file_gone",
  /** The file is not audio or video (values: file). */
  "file_not_media",
] as const;

export type AiFailureReason = (typeof AI_FAILURE_REASONS)[number];
/** What the reason's sentence names: a file name, sizes in bytes, a kind. */
export type AiFailureValues = Record<string, string | number>;

const KNOWN: ReadonlySet<string> = new Set(AI_FAILURE_REASONS);

export const isAiFailureReason = (value: unknown): value is AiFailureReason =>
  typeof value === "string" && KNOWN.has(value);

/**
 * The reason an error's details carry, or null: `{ reason, values }` itself, or the first field
 * entry of a validation error (`[{ field, message, reason, values }]`).
 */
export function failureOf(details: unknown): { reason: AiFailureReason; values: AiFailureValues } | null {
  const entries = Array.isArray(details) ? details : [details];
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue;
    const { reason, values } = entry as { reason?: unknown; values?: unknown };
    if (!isAiFailureReason(reason)) continue;
    const clean: AiFailureValues = {};
    if (values && typeof values === "object" && !Array.isArray(values)) {
      for (const [k, v] of Object.entries(values)) {
        if (typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) clean[k] = v;
      }
    }
    return { reason, values: clean };
  }
  return null;
}

// The AI provider of this installation, chosen from the configuration (AI_PROVIDER): none ("off",
// the default: every AI button explains that the platform has not set it up), the local stand-in,
// or an OpenAI-compatible API.
import type { AiConfig, Config } from "../config";
import { localProvider } from "./local";
import { openAiProvider } from "./openai";
import type { AiProvider } from "./provider";

export { defineLocalAnswer, localProvider, seedOf } from "./local";
export { openAiProvider } from "./openai";
export * from "./provider";

export function createAiProvider(cfg: AiConfig): AiProvider | null {
  if (cfg.provider === "off") return null;
  if (cfg.provider === "local") return localProvider({ failWith: cfg.failWith });
  return openAiProvider({
    baseUrl: cfg.baseUrl,
    apiKey: cfg.apiKey,
    textModel: cfg.textModel,
    transcribeModel: cfg.transcribeModel,
    timeoutMs: cfg.timeoutSeconds * 1000,
  });
}

const byConfig = new WeakMap<Config, AiProvider | null>();

/** One provider per loaded configuration; null when AI is off on this installation. */
export function aiProviderFor(cfg: Config): AiProvider | null {
  if (!byConfig.has(cfg)) byConfig.set(cfg, createAiProvider(cfg.ai));
  return byConfig.get(cfg) ?? null;
}

/** What staff see of the set-up: never the key. */
export function aiSetup(cfg: Config) {
  const { provider, baseUrl, textModel, transcribeModel, apiKey } = cfg.ai;
  return {
    provider,
    configured: provider !== "off",
    baseUrl: provider === "openai" ? baseUrl : null,
    textModel: provider === "off" ? null : provider === "local" ? "atrium-local" : textModel,
    transcribeModel: provider === "off" ? null : provider === "local" ? "atrium-local-speech" : transcribeModel,
    hasKey: Boolean(apiKey),
  };
}

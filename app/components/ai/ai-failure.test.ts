import { describe, expect, it } from "vitest";
import { AI_FAILURE_REASONS } from "../../../core/ai-failures";
import { MAX_TRANSCRIBE_BYTES } from "../../../core/transcripts";
import { createI18n } from "../../i18n";
import { COMPLETE_LANGUAGES } from "../../i18n/languages";
import en from "../../i18n/locales/en/translation.json";
import { serverResources } from "../../i18n/resources.server";
import { aiFailureText, aiRefusalText, aiRequestErrorText, sizeText } from "./ai-failure";

const SERVER_SENTENCE = "The AI provider could not answer just now. Nothing was changed; try again in a minute.";

describe("why an AI task failed, in the page's language", () => {
  it("every reason code has its sentence in every language", () => {
    const failures = en.ai.failures as Record<string, string>;
    expect(Object.keys(failures).sort()).toEqual([...AI_FAILURE_REASONS].sort());
    for (const lang of COMPLETE_LANGUAGES) {
      const { t } = createI18n(lang, serverResources);
      for (const reason of AI_FAILURE_REASONS) {
        const text = t(`ai.failures.${reason}`, { file: "a.mp3", size: "1 MB", max: "2 MB", kind: "x" });
        expect(text, `${lang}:${reason}`).not.toBe(`ai.failures.${reason}`);
        expect(text, `${lang}:${reason}`).not.toMatch(/\{\{/);
      }
    }
  });

  it("words a failed task's reason in German, not the server's English", () => {
    const { t } = createI18n("de", serverResources);
    expect(aiFailureText(t, "de", "provider_failed", {}, SERVER_SENTENCE)).toBe(
      "Der KI-Anbieter konnte gerade nicht antworten. Es wurde nichts geändert; versuchen Sie es in einer Minute erneut.",
    );
    expect(aiFailureText(t, "de", "outline_unreadable", {}, "The AI assistant's answer could not be read…")).toMatch(
      /^Die Antwort des KI-Assistenten ließ sich nicht als Kursgliederung lesen/,
    );
  });

  it("names the file and both sizes as the language writes them", () => {
    const values = { file: "whole-day.mp4", size: 26_738_688, maxBytes: MAX_TRANSCRIBE_BYTES };
    const de = createI18n("de", serverResources);
    expect(aiFailureText(de.t, "de", "file_too_large", values, "whole-day.mp4 is 25.5 MB; …")).toBe(
      "whole-day.mp4 ist 25,5 MB groß; transkribiert werden Dateien bis 25 MB. Laden Sie eine kürzere oder stärker komprimierte Aufnahme hoch.",
    );
    const ja = createI18n("ja", serverResources);
    expect(aiFailureText(ja.t, "ja", "file_too_large", values, "")).toMatch(/^whole-day\.mp4 は 25\.5 MB です。/);
    expect(sizeText(2048, "en")).toBe("2 kB");
    expect(sizeText(MAX_TRANSCRIBE_BYTES + 1, "ru")).toBe("25 МБ");
  });

  it("an unknown reason (or none) shows the server's English sentence", () => {
    const { t } = createI18n("fr", serverResources);
    expect(aiFailureText(t, "fr", "something_new", {}, SERVER_SENTENCE)).toBe(SERVER_SENTENCE);
    expect(aiFailureText(t, "fr", null, null, SERVER_SENTENCE)).toBe(SERVER_SENTENCE);
  });

  it("a refused request's details: the field entry's reason, or the details' own", () => {
    const { t } = createI18n("es", serverResources);
    const tooLarge = [
      {
        field: "mediaId",
        message: "talk.mp4 is 30 MB; …",
        size: 30 * 1024 * 1024,
        maxBytes: MAX_TRANSCRIBE_BYTES,
        reason: "file_too_large",
        values: { file: "talk.mp4", size: 30 * 1024 * 1024, maxBytes: MAX_TRANSCRIBE_BYTES },
      },
    ];
    expect(aiRefusalText(t, "es", tooLarge)).toMatch(
      /^talk\.mp4 ocupa 30 MB; se pueden transcribir archivos de hasta 25 MB/,
    );
    expect(aiRefusalText(t, "es", [{ field: "unitId", message: "…", reason: "unit_no_text", values: {} }])).toBe(
      "Esta unidad tiene muy poco texto para escribir preguntas a partir de ella. Añade primero su texto.",
    );
    expect(aiRefusalText(t, "es", { reason: "not_configured", values: {} })).toBe(
      "La plataforma aún no ha configurado su asistente de IA.",
    );
    expect(aiRefusalText(t, "es", [{ field: "topic", message: "Too short" }])).toBeNull();
    expect(aiRefusalText(t, "es", undefined)).toBeNull();
  });

  it("a refused request without a reason code: the refusal's own sentence, not the server's English", () => {
    const { t } = createI18n("de", serverResources);
    const notFound = { code: "not_found", message: "Course not found" };
    expect(aiRequestErrorText(t, "de", notFound)).toBe(t("errors.action.notFound"));
    expect(aiRequestErrorText(t, "de", notFound)).not.toMatch(/not found/);
    const invalid = {
      code: "validation_failed",
      message: "Invalid input",
      details: [{ field: "topic", message: "Too short" }],
    };
    expect(aiRequestErrorText(t, "de", invalid)).toBe(t("errors.action.invalid"));
    expect(t("errors.action.invalid")).not.toBe("errors.action.invalid");
    expect(aiRequestErrorText(t, "de", { code: "ai_unavailable", message: "No provider" })).toBe(t("ai.notConfigured"));
    const tooLarge = {
      code: "validation_failed",
      message: "…",
      details: [{ field: "mediaId", reason: "file_gone", values: {} }],
    };
    expect(aiRequestErrorText(t, "de", tooLarge)).toBe(t("ai.failures.file_gone"));
    expect(aiRequestErrorText(t, "de", null)).toBe(t("ai.failed"));
    expect(aiRequestErrorText(t, "de", { code: "something_new", message: "Server sentence" })).toBe("Server sentence");
  });
});

// The browser's side of the AI assistant (decision 0065): what this site may ask (useAiStatus), and
// asking for a task and following it to its draft (useAiTask). A task runs on the server; the hook
// reads it back every second, so a long answer shows its progress and never blocks the screen.
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { ApiError, api } from "../../lib/api";
import { planRefusal } from "../../lib/plan-limit";
import { aiFailureText, aiRequestErrorText } from "./ai-failure";

export type AiMeter = { used: number; limit: number | null };
export type AiStatus = {
  configured: boolean;
  features: { ai: boolean; aiques: boolean };
  meters: { aitokens: AiMeter; transcribe: AiMeter };
  upgrade: string;
};
export type AiTaskView<R> = {
  id: string;
  kind: string;
  status: "queued" | "running" | "done" | "failed";
  progress: number;
  result: R | null;
  /** The server's English sentence (shown only when the reason is unknown). */
  error: string | null;
  /** Why it failed, as a code of core/ai-failures, with the values its sentence names. */
  errorReason?: string | null;
  errorValues?: Record<string, string | number> | null;
};

/** Why an AI button is off, in words, and where the owner can change it; null when it is on. */
export type AiBlock = { text: string; upgrade: string | null };

/**
 * This site's AI status, read once by the screen. `blockedFor("ai", "aitokens")` says why a button
 * that needs the feature and the meter is off (not set up, not in the plan, the month's allowance
 * used), or null.
 */
export function useAiStatus() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AiStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(() => {
    api<AiStatus>("GET", "/api/v1/ai/status")
      .then((s) => {
        setStatus(s);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(reload, [reload]);
  const blockedFor = useCallback(
    (feature: "ai" | "aiques" | null, meter: "aitokens" | "transcribe"): AiBlock | null => {
      if (failed) return { text: t("ai.statusFailed"), upgrade: null };
      if (!status) return null;
      if (!status.configured) return { text: t("ai.notConfigured"), upgrade: null };
      if (feature && !status.features[feature]) {
        return {
          text: t("plan.featureMissing", { what: t(`plan.features.${feature}`) }),
          upgrade: status.upgrade,
        };
      }
      const m = status.meters[meter];
      if (m.limit !== null && m.used >= m.limit) {
        return {
          text: t("ai.allowanceUsed", { what: t(`plan.limits.${meter === "aitokens" ? "ai_tokens" : "transcribe"}`) }),
          upgrade: status.upgrade,
        };
      }
      return null;
    },
    [status, failed, t],
  );
  return { status, loading: !status && !failed, blockedFor, reload };
}

type TaskState<R> = {
  task: AiTaskView<R> | null;
  /** Why the request was refused or the task failed, in words. */
  error: AiBlock | null;
  busy: boolean;
};

/** Asks for one kind of task and follows it; `start(input)` again replaces the previous one. */
export function useAiTask<R>(kind: string, opts: { pollMs?: number } = {}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [state, setState] = useState<TaskState<R>>({ task: null, error: null, busy: false });
  const generation = useRef(0);
  const pollMs = opts.pollMs ?? 1000;

  useEffect(
    () => () => {
      generation.current++;
    },
    [],
  );

  const follow = useCallback(
    async (id: string, mine: number) => {
      while (generation.current === mine) {
        await new Promise((ok) => setTimeout(ok, pollMs));
        if (generation.current !== mine) return;
        try {
          const task = await api<AiTaskView<R>>("GET", `/api/v1/ai/tasks/${id}`);
          if (generation.current !== mine) return;
          const over = task.status === "done" || task.status === "failed";
          setState({
            task,
            error:
              task.status === "failed"
                ? {
                    text: aiFailureText(t, language, task.errorReason, task.errorValues, task.error ?? t("ai.failed")),
                    upgrade: null,
                  }
                : null,
            busy: !over,
          });
          if (over) return;
        } catch {
          // A dropped connection while polling: keep following; the task goes on on the server.
        }
      }
    },
    [pollMs, t, language],
  );

  const start = useCallback(
    async (input: Record<string, unknown>) => {
      const mine = ++generation.current;
      setState({ task: null, error: null, busy: true });
      try {
        const task = await api<AiTaskView<R>>("POST", "/api/v1/ai/tasks", { kind, input });
        if (generation.current !== mine) return;
        setState({ task, error: null, busy: true });
        await follow(task.id, mine);
      } catch (err) {
        if (generation.current !== mine) return;
        const e = err instanceof ApiError ? err : null;
        const refusal = planRefusal(t, e ? { code: e.code, details: e.details } : null);
        const text = refusal?.text ?? aiRequestErrorText(t, language, e);
        setState({ task: null, error: { text, upgrade: refusal?.upgrade ?? null }, busy: false });
      }
    },
    [kind, follow, t, language],
  );

  const reset = useCallback(() => {
    generation.current++;
    setState({ task: null, error: null, busy: false });
  }, []);

  const done = state.task?.status === "done";
  return {
    start,
    reset,
    busy: state.busy,
    progress: state.task?.progress ?? 0,
    result: done ? (state.task?.result ?? null) : null,
    error: state.error,
    task: state.task,
  };
}

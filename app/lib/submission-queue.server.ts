// The loaders and actions of the two submissions queues (a quiz's, an assignment's): the address
// they read (?id, ?status, ?submission), the page title, which errors hide the page, and how a reset
// or an evaluation is answered. Each screen brings its own service calls.
import { type AppLoadContext, redirect } from "react-router";
import { isUuid } from "../../core/uuid";
import { QUEUE_FILTERS, QUEUES, type QueueFilterValue, type QueueKind } from "../components/assessments/queue-parts";
import { asRefusal } from "./action-result";
import { pageTitle, translatorFor } from "./i18n.server";

type AppErrorLike = { code?: string; message?: string; details?: unknown };

type Evaluable = Awaited<ReturnType<AppLoadContext["services"]["assessments"]["evaluable"]>>;

/** Not found and forbidden read as a missing page; anything else goes to the error boundary. */
export function hidden(err: unknown): never {
  const code = (err as AppErrorLike)?.code;
  if (code === "not_found" || code === "forbidden") throw new Response("Not found", { status: 404 });
  throw err;
}

/** A submission reset since (a link in an old notification): none is open. Anything else as `hidden`. */
export function gone(err: unknown): null {
  if ((err as AppErrorLike)?.code === "not_found") return null;
  return hidden(err);
}

/** A posted field as text ("" when absent). */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? "");

export type QueueData<Q, O> = {
  title: string;
  /** The quiz or assignment whose submissions are listed; null lists those one may evaluate. */
  id: string | null;
  status: QueueFilterValue;
  evaluable: Evaluable;
  queue: Q | null;
  /** The submission open in the evaluation drawer. */
  open: O | null;
};

/**
 * A queue's loader, for signed-in members only. Without a valid ?id: the quizzes or assignments one
 * may evaluate. With one: what `load` reads for it under ?status (pending unless another known
 * filter), given the ?submission to open.
 */
export async function loadQueue<Q, O>(
  { context, request }: { context: AppLoadContext; request: Request },
  kind: QueueKind,
  load: (id: string, status: QueueFilterValue, submission: string | null) => Promise<{ queue: Q; open: O | null }>,
): Promise<QueueData<Q, O>> {
  if (!context.user) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const raw = url.searchParams.get("status") ?? "pending";
  const status: QueueFilterValue = (QUEUE_FILTERS as readonly string[]).includes(raw)
    ? (raw as QueueFilterValue)
    : "pending";
  const title = pageTitle(translatorFor(context, request), QUEUES[kind].title, context.site.settings.sitetitle);
  if (!isUuid(id)) {
    const evaluable = await context.services.assessments.evaluable(kind).catch(hidden);
    return { title, id: null, status, evaluable, queue: null, open: null };
  }
  const { queue, open } = await load(id, status, url.searchParams.get("submission"));
  return { title, id, status, evaluable: [], queue, open };
}

/**
 * A queue's action. `intent=reset` resets one student's work on the item of ?id (`reset`); anything
 * else evaluates the posted submissionId (`evaluate`) and closes the drawer. A refusal comes back
 * with its status, its message and the first field it names.
 */
export async function queueAction(
  request: Request,
  run: {
    reset: (itemId: string, form: FormData) => Promise<unknown>;
    evaluate: (submissionId: string, form: FormData) => Promise<unknown>;
  },
) {
  const url = new URL(request.url);
  const form = await request.formData();
  try {
    if (form.get("intent") === "reset") {
      await run.reset(url.searchParams.get("id") ?? "", form);
      return { ok: true as const, message: null, field: null };
    }
    await run.evaluate(formText(form, "submissionId"), form);
    url.searchParams.delete("submission");
    return redirect(`${url.pathname}${url.search}`);
  } catch (err) {
    const e = err as AppErrorLike;
    const field = Array.isArray(e?.details) ? ((e.details[0] as { field?: string })?.field ?? null) : null;
    return asRefusal(err, { ok: false as const, message: e?.message ?? "", field });
  }
}

// A form as visitors fill it in: on its public address, in a page block and in a popup. It checks the
// values with the same rules as the server (core/form-rules) and shows each field's message, then
// posts to the site's public submission endpoint; the server's answer is still the authority.
// Plain form elements styled by base.css (.public-form): a page with a form block carries no
// interface library for it.
import { type FormEvent, useId, useState } from "react";
import { checkSubmission, type FormField, HONEYPOT_FIELD, type SubmissionError } from "../../../core/form-rules";
import { useTranslation } from "../../i18n/use-translation";

export type PublicFormDefinition = {
  id: string;
  name: string;
  fields: FormField[];
  successMessage: string;
  redirectUrl: string;
};

type Values = Record<string, string | boolean>;

export function PublicForm({
  form,
  onSubmitted,
  preview = false,
}: {
  form: PublicFormDefinition;
  /** Called once the server kept the submission (a popup counts its conversion). */
  onSubmitted?: () => void;
  /** The builder's preview: checks the values but sends nothing. */
  preview?: boolean;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed" | "tooMany">("idle");

  const messageOf = (e: SubmissionError) => {
    const field = form.fields.find((f) => f.name === e.field);
    return field?.message?.trim() || t(`publicForms.${e.rule}`);
  };
  const set = (name: string, v: string | boolean) => setValues((was) => ({ ...was, [name]: v }));

  async function submit(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const honeypot = new FormData(ev.currentTarget).get(HONEYPOT_FIELD);
    const checked = checkSubmission(form.fields, values);
    if (!checked.ok) {
      setErrors(Object.fromEntries(checked.errors.map((e) => [e.field, messageOf(e)])));
      return;
    }
    setErrors({});
    if (preview) {
      setState("sent");
      return;
    }
    setState("sending");
    try {
      const res = await fetch(`/api/forms/${form.id}/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ ...values, [HONEYPOT_FIELD]: honeypot ?? "" }),
      });
      if (res.ok) {
        setState("sent");
        onSubmitted?.();
        if (form.redirectUrl) window.location.assign(form.redirectUrl);
        return;
      }
      if (res.status === 429) return setState("tooMany");
      const body = (await res.json().catch(() => null)) as {
        error?: { details?: { field: string; message: string }[] };
      } | null;
      const details = body?.error?.details ?? [];
      if (res.status === 422 && details.length) {
        setErrors(Object.fromEntries(details.map((d) => [d.field, d.message])));
        setState("idle");
        return;
      }
      setState("failed");
    } catch {
      setState("failed");
    }
  }

  if (state === "sent")
    return (
      <p className="alert ok" role="status" data-testid="form-sent">
        {form.successMessage || t("publicForms.sent")}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate aria-label={form.name} data-testid="public-form" className="public-form">
      {form.fields.map((f) => {
        if (f.type === "hidden") return null;
        const id = `${uid}-${f.name}`;
        const error = errors[f.name];
        const control = {
          id,
          name: f.name,
          required: f.required,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}-error` : undefined,
        };
        const text = typeof values[f.name] === "string" ? (values[f.name] as string) : "";
        const onText = (e: { currentTarget: { value: string } }) => set(f.name, e.currentTarget.value);
        const placeholder = f.placeholder || undefined;
        const message = error ? (
          <span className="field-error" id={`${id}-error`}>
            {error}
          </span>
        ) : null;
        if (f.type === "checkbox") {
          return (
            <div key={f.id} className="public-form-check">
              <label>
                <input
                  {...control}
                  type="checkbox"
                  checked={values[f.name] === true}
                  onChange={(e) => set(f.name, e.currentTarget.checked)}
                />
                <span>
                  {f.label}
                  {f.required ? <Required /> : null}
                </span>
              </label>
              {message}
            </div>
          );
        }
        return (
          <label key={f.id} htmlFor={id}>
            <span>
              {f.label}
              {f.required ? <Required /> : null}
            </span>
            {f.type === "textarea" ? (
              <textarea {...control} rows={3} placeholder={placeholder} value={text} onChange={onText} />
            ) : f.type === "select" ? (
              <select {...control} value={text} onChange={onText}>
                <option value="">{t("publicForms.choose")}</option>
                {(f.options ?? []).map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...control}
                type={
                  f.type === "email" ? "email" : f.type === "date" ? "date" : f.type === "number" ? "number" : "text"
                }
                inputMode={f.type === "number" ? "decimal" : undefined}
                autoComplete={f.type === "email" ? "email" : f.name === "name" ? "name" : undefined}
                placeholder={placeholder}
                value={text}
                onChange={onText}
              />
            )}
            {message}
          </label>
        );
      })}
      {/* People never see or reach this field; robots that fill every input give themselves away. */}
      <div
        aria-hidden="true"
        style={{ position: "absolute", left: "-10000px", width: 1, height: 1, overflow: "hidden" }}
      >
        <label htmlFor={`${uid}-hp`}>{t("publicForms.honeypot")}</label>
        <input id={`${uid}-hp`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {state === "failed" || state === "tooMany" ? (
        <p className="alert error" role="alert">
          {t(state === "tooMany" ? "publicForms.tooMany" : "publicForms.failed")}
        </p>
      ) : null}
      <button type="submit" disabled={state === "sending"} aria-busy={state === "sending" || undefined}>
        {t("publicForms.send")}
      </button>
    </form>
  );
}

/** The required mark, as the other forms show it; the field's `required` tells assistive technology. */
function Required() {
  return (
    <span className="public-form-required" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

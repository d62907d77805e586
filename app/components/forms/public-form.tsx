// A form as visitors fill it in: on its public address, in a page block and in a popup. It checks the
// values with the same rules as the server (core/form-rules) and shows each field's message, then
// posts to the site's public submission endpoint; the server's answer is still the authority.
import { Alert, Button, Checkbox, NativeSelect, NumberInput, Stack, Textarea, TextInput } from "@mantine/core";
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
      <Alert color="green" role="status" data-testid="form-sent">
        {form.successMessage || t("publicForms.sent")}
      </Alert>
    );

  return (
    <form onSubmit={submit} noValidate aria-label={form.name} data-testid="public-form">
      <Stack gap="sm">
        {form.fields.map((f) => {
          const id = `${uid}-${f.name}`;
          const common = {
            id,
            label: f.label,
            required: f.required,
            error: errors[f.name],
            placeholder: f.placeholder || undefined,
          };
          const text = typeof values[f.name] === "string" ? (values[f.name] as string) : "";
          switch (f.type) {
            case "hidden":
              return null;
            case "checkbox":
              return (
                <Checkbox
                  key={f.id}
                  id={id}
                  label={f.label}
                  error={errors[f.name]}
                  checked={values[f.name] === true}
                  onChange={(e) => set(f.name, e.currentTarget.checked)}
                />
              );
            case "textarea":
              return (
                <Textarea
                  key={f.id}
                  {...common}
                  autosize
                  minRows={3}
                  value={text}
                  onChange={(e) => set(f.name, e.currentTarget.value)}
                />
              );
            case "select":
              return (
                <NativeSelect
                  key={f.id}
                  {...common}
                  value={text}
                  data={[
                    { value: "", label: t("publicForms.choose") },
                    ...(f.options ?? []).map((o) => ({ value: o, label: o })),
                  ]}
                  onChange={(e) => set(f.name, e.currentTarget.value)}
                />
              );
            case "number":
              return (
                <NumberInput
                  key={f.id}
                  {...common}
                  value={text}
                  onChange={(v) => set(f.name, v === "" ? "" : String(v))}
                />
              );
            default:
              return (
                <TextInput
                  key={f.id}
                  {...common}
                  type={f.type === "email" ? "email" : f.type === "date" ? "date" : "text"}
                  autoComplete={f.type === "email" ? "email" : f.name === "name" ? "name" : undefined}
                  value={text}
                  onChange={(e) => set(f.name, e.currentTarget.value)}
                />
              );
          }
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
          <Alert color="red" role="alert">
            {t(state === "tooMany" ? "publicForms.tooMany" : "publicForms.failed")}
          </Alert>
        ) : null}
        <Button type="submit" loading={state === "sending"} style={{ alignSelf: "flex-start" }}>
          {t("publicForms.send")}
        </Button>
      </Stack>
    </form>
  );
}

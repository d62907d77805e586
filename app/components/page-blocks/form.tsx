import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { PublicForm, type PublicFormDefinition } from "../forms/public-form";

export type FormBlockProps = {
  formId: string;
  onSubmitted?: () => void;
  /** An editor's preview: the values are checked but nothing is sent. */
  preview?: boolean;
};

/**
 * One of the site's forms on a page. The form is read when the page is shown, so a change in the
 * builder reaches every page at once; an inactive or removed form says it is not available.
 */
export function FormBlock({ formId, onSubmitted, preview = false }: FormBlockProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<PublicFormDefinition | null | "missing">(null);
  useEffect(() => {
    if (!formId) return;
    let live = true;
    fetch(`/api/forms/${encodeURIComponent(formId)}`)
      .then((res) => (res.ok ? res.json() : "missing"))
      .then((f) => live && setForm(f))
      .catch(() => live && setForm("missing"));
    return () => {
      live = false;
    };
  }, [formId]);
  if (!formId) return null;
  return (
    <div className="pb-inner pb-form" style={{ maxWidth: 560, marginInline: "auto" }}>
      {form === null ? (
        <span className="public-form-loading" role="img" aria-label={t("publicForms.sending")} />
      ) : form === "missing" ? (
        <p className="alert info">{t("publicForms.unavailable")}</p>
      ) : (
        <PublicForm form={form} onSubmitted={onSubmitted} preview={preview} />
      )}
    </div>
  );
}

import { NativeSelect } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

/** The page editor's choice of one of the site's forms (for the Form block). */
export function FormPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { t } = useTranslation();
  const [forms, setForms] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    fetch("/api/v1/forms")
      .then((res) => (res.ok ? res.json() : { items: [] }))
      .then((b: { items: { id: string; name: string }[] }) => setForms(b.items))
      .catch(() => setForms([]));
  }, []);
  return (
    <NativeSelect
      label={t("forms.block.form")}
      value={value ?? ""}
      data={[{ value: "", label: t("forms.block.choose") }, ...forms.map((f) => ({ value: f.id, label: f.name }))]}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

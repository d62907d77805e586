// The builder's fields: add one of the eight types, reorder with keyboard-usable up and down
// buttons, remove, and edit each field's label, name, required flag, message and its options
// (select) or sent value (hidden).
import {
  ActionIcon,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { FORM_FIELD_TYPES, type FormField, type FormFieldType } from "../../../core/form-rules";
import { useTranslation } from "../../i18n/use-translation";

/** A name for a new field that the form does not use yet. */
function freshName(fields: FormField[], type: FormFieldType): string {
  const taken = new Set(fields.map((f) => f.name.toLowerCase()));
  let name = type === "email" && !taken.has("email") ? "email" : `${type}_${fields.length + 1}`;
  for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${type}_${fields.length + i}`;
  return name;
}

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `f${Date.now()}${Math.random()}`;

export function FieldListEditor({
  fields,
  onChange,
  errors,
}: {
  fields: FormField[];
  onChange: (fields: FormField[]) => void;
  /** Server messages by path ("fields.2.name"). */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<FormFieldType>("text");
  const patch = (i: number, p: Partial<FormField>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...p } : f)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...fields];
    [next[i], next[i + by]] = [next[i + by], next[i]];
    onChange(next);
  };
  const add = () =>
    onChange([
      ...fields,
      {
        id: newId(),
        type,
        label: t(`forms.types.${type}`),
        name: freshName(fields, type),
        required: type === "email",
        ...(type === "select" ? { options: [] } : {}),
        ...(type === "hidden" ? { defaultValue: "" } : {}),
      },
    ]);

  return (
    <Stack gap="sm">
      {fields.length === 0 ? <Text c="dimmed">{t("forms.noFields")}</Text> : null}
      {fields.map((f, i) => {
        const label = f.label || f.name;
        const err = (k: string) => errors[`fields.${i}.${k}`];
        return (
          <Card key={f.id} withBorder padding="sm" data-testid="field-card">
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {t("forms.field.heading", { type: t(`forms.types.${f.type}`) })}
              </Text>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  aria-label={t("forms.field.moveUp", { label })}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t("forms.field.moveDown", { label })}
                  disabled={i === fields.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  color="red"
                  aria-label={t("forms.field.remove", { label })}
                  onClick={() => onChange(fields.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Stack gap="xs">
              <Group grow align="flex-start" wrap="wrap">
                <TextInput
                  label={t("forms.field.label")}
                  value={f.label}
                  error={err("label")}
                  onChange={(e) => patch(i, { label: e.currentTarget.value })}
                  miw={180}
                />
                <TextInput
                  label={t("forms.field.name")}
                  description={t("forms.field.nameHint")}
                  value={f.name}
                  error={err("name")}
                  onChange={(e) => patch(i, { name: e.currentTarget.value })}
                  miw={180}
                />
              </Group>
              {f.type === "hidden" ? (
                <TextInput
                  label={t("forms.field.defaultValue")}
                  value={f.defaultValue ?? ""}
                  onChange={(e) => patch(i, { defaultValue: e.currentTarget.value })}
                />
              ) : (
                <>
                  {f.type === "select" ? (
                    <Textarea
                      label={t("forms.field.options")}
                      autosize
                      minRows={2}
                      error={err("options")}
                      value={(f.options ?? []).join("\n")}
                      onChange={(e) => patch(i, { options: e.currentTarget.value.split("\n") })}
                    />
                  ) : null}
                  {f.type !== "checkbox" && f.type !== "select" ? (
                    <TextInput
                      label={t("forms.field.placeholder")}
                      value={f.placeholder ?? ""}
                      onChange={(e) => patch(i, { placeholder: e.currentTarget.value })}
                    />
                  ) : null}
                  <TextInput
                    label={t("forms.field.message")}
                    value={f.message ?? ""}
                    onChange={(e) => patch(i, { message: e.currentTarget.value })}
                  />
                  <Checkbox
                    label={t("forms.field.required")}
                    checked={f.required}
                    error={err("required")}
                    onChange={(e) => patch(i, { required: e.currentTarget.checked })}
                  />
                </>
              )}
            </Stack>
          </Card>
        );
      })}
      <Group align="flex-end" wrap="wrap">
        <NativeSelect
          label={t("forms.fieldType")}
          value={type}
          data={FORM_FIELD_TYPES.map((v) => ({ value: v, label: t(`forms.types.${v}`) }))}
          onChange={(e) => setType(e.currentTarget.value as FormFieldType)}
        />
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add}>
          {t("forms.addField")}
        </Button>
      </Group>
    </Stack>
  );
}

// A contact's custom fields as typed inputs, one per field the site defines (decision 0044), and the
// values of keys no field defines any more: shown as they are, each removable, never edited.
import { Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { FieldDefinition, FieldType } from "../../../core/contact-fields";
import { useTranslation } from "../../i18n/use-translation";

export type FieldInputValue = string | boolean;
type Definition = FieldDefinition & { label: string };
type Stored = string | number | boolean | null | undefined;

/** What an input shows for a stored value: text for most, a boolean for a checkbox. */
export const inputValue = (type: FieldType, v: Stored): FieldInputValue =>
  type === "checkbox" ? v === true : v === null || v === undefined ? "" : String(v);

export function ContactFieldInputs({
  definitions,
  values,
  onChange,
  legacy,
  onRemoveLegacy,
  errors,
}: {
  definitions: Definition[];
  values: Record<string, FieldInputValue>;
  onChange: (key: string, value: FieldInputValue) => void;
  legacy: { key: string; value: Stored }[];
  onRemoveLegacy: (key: string) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontWeight: 500, fontSize: "var(--mantine-font-size-sm)" }}>{t("contacts.fields")}</legend>
      <Stack gap="xs">
        {definitions.length === 0 && legacy.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("audienceFields.contact.noFields")}
          </Text>
        ) : null}
        {definitions.map((d) => {
          const error = errors[`fields.${d.key}`];
          const v = values[d.key];
          if (d.type === "checkbox")
            return (
              <Checkbox
                key={d.key}
                label={d.label}
                checked={v === true}
                error={error}
                onChange={(e) => onChange(d.key, e.currentTarget.checked)}
              />
            );
          if (d.type === "select")
            return (
              <NativeSelect
                key={d.key}
                label={d.label}
                value={String(v ?? "")}
                error={error}
                onChange={(e) => onChange(d.key, e.currentTarget.value)}
                data={[{ value: "", label: t("audienceFields.contact.none") }, ...d.options]}
              />
            );
          return (
            <TextInput
              key={d.key}
              label={d.label}
              type={d.type === "number" ? "number" : d.type === "date" ? "date" : "text"}
              step={d.type === "number" ? "any" : undefined}
              value={String(v ?? "")}
              maxLength={d.type === "text" ? 2000 : undefined}
              error={error}
              onChange={(e) => onChange(d.key, e.currentTarget.value)}
            />
          );
        })}
        {legacy.map((x) => (
          <Group key={x.key} gap="xs" wrap="nowrap" data-legacy-field={x.key}>
            <Text size="sm" style={{ flex: 1, overflowWrap: "anywhere" }}>
              <Text span fw={500} size="sm">
                {x.key}
              </Text>
              {": "}
              {String(x.value ?? "")}{" "}
              <Text span c="dimmed" size="xs">
                {t("audienceFields.contact.undefined")}
              </Text>
            </Text>
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              aria-label={t("contacts.contact.removeField", { key: x.key })}
              onClick={() => onRemoveLegacy(x.key)}
            >
              <IconTrash size={16} aria-hidden />
            </Button>
          </Group>
        ))}
        {errors.fields ? (
          <Text size="sm" c="red" role="alert">
            {errors.fields}
          </Text>
        ) : null}
      </Stack>
    </fieldset>
  );
}

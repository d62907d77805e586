import { MultiSelect } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

export type Choice = { id: string; title: string };

/** A searchable multi-select of the site's courses, pages, products or memberships, by id. */
export function PickMany(props: {
  label: string;
  description?: string;
  choices: Choice[];
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={props.label}
      description={props.description}
      data={props.choices.map((c) => ({ value: c.id, label: c.title }))}
      value={props.value}
      onChange={props.onChange}
      searchable
      clearable
      nothingFoundMessage={t("shop.nothingFound")}
      error={props.error}
    />
  );
}

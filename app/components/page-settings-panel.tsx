import { SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { MediaPicker } from "./media-picker";

export type PageSettings = { title: string; slug: string; description: string; socialImage: string };

type Props = {
  value: PageSettings;
  onChange: (patch: Partial<PageSettings>) => void;
  /** Field → message from the last save. */
  errors: Record<string, string>;
  /** Where the page will be seen, before the slug: "/" or "/docs/". */
  prefix: string;
};

/** A page's title, address, search-engine description and social image. */
export function PageSettingsPanel({ value, onChange, errors, prefix }: Props) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t("pages.settings.title")}
        required
        maxLength={200}
        value={value.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        error={errors.title}
      />
      <TextInput
        label={t("pages.settings.slug")}
        description={t("pages.settings.slugHint", { path: `${prefix}${value.slug || "…"}` })}
        required
        maxLength={80}
        dir="ltr"
        value={value.slug}
        onChange={(e) => onChange({ slug: e.currentTarget.value.toLowerCase() })}
        error={errors.slug}
      />
      <Textarea
        label={t("pages.settings.description")}
        description={t("pages.settings.descriptionHint")}
        maxLength={500}
        autosize
        minRows={2}
        value={value.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        error={errors.description}
      />
      <div>
        <MediaPicker
          label={t("pages.settings.socialImage")}
          accept="image"
          value={value.socialImage}
          onChange={(socialImage) => onChange({ socialImage })}
        />
        {errors.socialImage ? (
          <p className="field-error" role="alert">
            {errors.socialImage}
          </p>
        ) : null}
      </div>
    </SimpleGrid>
  );
}

import { Checkbox, MultiSelect, NativeSelect, NumberInput, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { MediaPicker } from "../media-picker";
import { RichTextEditor } from "../rich-text-editor";
import { DurationInput, type DurationValue } from "./duration-input";

/** What the course editor holds and saves (the PATCH /courses/{id} fields). */
export type CourseFormValue = {
  title: string;
  slug: string;
  excerpt: string;
  description: string;
  featuredImage: { image?: string | null };
  seats: number | null;
  access: "free" | "private";
  courseDuration: DurationValue;
  settings: {
    unitLock?: boolean;
    dripfeed?: boolean;
    dripfeedDuration?: { value: number; parameter?: number | null } | null;
    dripFeedStartingPoint?: "enrolment" | "section" | "previous";
    dripFeedsection?: boolean;
    dripFeedUnitDuration?: boolean;
  };
  certificate: { enabled: boolean; title: string; body: string; signature?: string };
  categoryIds: string[];
};

type FormProps = {
  value: CourseFormValue;
  onChange: (patch: Partial<CourseFormValue>) => void;
  errors: Record<string, string>;
};

export function CourseDetailsForm({
  value,
  onChange,
  errors,
  categories,
}: FormProps & { categories: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <TextInput
        label={t("instructor.editor.fields.title")}
        value={value.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        required
        maxLength={200}
        error={errors.title}
      />
      <TextInput
        label={t("instructor.editor.fields.slug")}
        leftSection="/course/"
        leftSectionWidth={70}
        value={value.slug}
        onChange={(e) => onChange({ slug: e.currentTarget.value })}
        maxLength={80}
        error={errors.slug}
      />
      <Textarea
        label={t("instructor.editor.fields.excerpt")}
        value={value.excerpt}
        onChange={(e) => onChange({ excerpt: e.currentTarget.value })}
        maxLength={1000}
        autosize
        minRows={2}
        error={errors.excerpt}
      />
      <RichTextEditor
        label={t("instructor.editor.fields.description")}
        value={value.description}
        onChange={(description) => onChange({ description })}
        minHeight={240}
      />
      <MediaPicker
        label={t("instructor.editor.fields.image")}
        accept="image"
        value={value.featuredImage.image ?? ""}
        onChange={(image) => onChange({ featuredImage: { image: image || null } })}
      />
      {categories.length ? (
        <MultiSelect
          label={t("instructor.editor.fields.categories")}
          data={categories}
          value={value.categoryIds}
          onChange={(categoryIds) => onChange({ categoryIds })}
          error={errors.categoryIds}
          searchable
        />
      ) : null}
    </Stack>
  );
}

export function CourseSettingsForm({ value, onChange, errors }: FormProps) {
  const { t } = useTranslation();
  const s = value.settings;
  const set = (patch: Partial<CourseFormValue["settings"]>) => onChange({ settings: { ...s, ...patch } });
  return (
    <Stack>
      <NumberInput
        label={t("instructor.editor.fields.seats")}
        description={t("instructor.editor.fields.seatsHint")}
        min={0}
        allowDecimal={false}
        value={value.seats ?? ""}
        onChange={(v) => onChange({ seats: v === "" ? null : Number(v) })}
        error={errors.seats}
      />
      <NativeSelect
        label={t("instructor.editor.fields.access")}
        value={value.access}
        onChange={(e) => onChange({ access: e.currentTarget.value as "free" | "private" })}
        data={[
          { value: "free", label: t("instructor.editor.fields.accessFree") },
          { value: "private", label: t("instructor.editor.fields.accessPrivate") },
        ]}
      />
      <DurationInput
        label={t("instructor.editor.fields.duration")}
        description={t("instructor.editor.fields.durationHint")}
        value={value.courseDuration}
        onChange={(courseDuration) => onChange({ courseDuration })}
        error={errors["courseDuration.value"] ?? errors.courseDuration}
      />
      <Switch
        label={t("instructor.editor.settings.unitLock")}
        description={t("instructor.editor.settings.unitLockHint")}
        checked={Boolean(s.unitLock)}
        onChange={(e) => set({ unitLock: e.currentTarget.checked })}
      />
      <Switch
        label={t("instructor.editor.settings.dripfeed")}
        description={t("instructor.editor.settings.dripfeedHint")}
        checked={Boolean(s.dripfeed)}
        onChange={(e) => set({ dripfeed: e.currentTarget.checked })}
      />
      {s.dripfeed ? (
        <Stack pl="md" gap="sm">
          <DurationInput
            label={t("instructor.editor.settings.dripfeedDuration")}
            value={
              s.dripfeedDuration
                ? { value: s.dripfeedDuration.value, parameter: s.dripfeedDuration.parameter ?? 86400 }
                : null
            }
            onChange={(dripfeedDuration) => set({ dripfeedDuration })}
          />
          <NativeSelect
            label={t("instructor.editor.settings.startingPoint")}
            value={s.dripFeedStartingPoint ?? "enrolment"}
            onChange={(e) =>
              set({ dripFeedStartingPoint: e.currentTarget.value as "enrolment" | "section" | "previous" })
            }
            data={(["enrolment", "section", "previous"] as const).map((p) => ({
              value: p,
              label: t(`instructor.editor.settings.startingPoints.${p}`),
            }))}
          />
          <Checkbox
            label={t("instructor.editor.settings.dripSection")}
            checked={Boolean(s.dripFeedsection)}
            onChange={(e) => set({ dripFeedsection: e.currentTarget.checked })}
          />
          <Checkbox
            label={t("instructor.editor.settings.dripUnit")}
            checked={Boolean(s.dripFeedUnitDuration)}
            onChange={(e) => set({ dripFeedUnitDuration: e.currentTarget.checked })}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The certificate's placeholders, shown literally in the hint. */
const PLACEHOLDERS = { student: "{{student}}", course: "{{course}}", date: "{{date}}", code: "{{code}}" };

export function CertificateForm({ value, onChange, errors }: FormProps) {
  const { t } = useTranslation();
  const c = value.certificate;
  const set = (patch: Partial<CourseFormValue["certificate"]>) => onChange({ certificate: { ...c, ...patch } });
  return (
    <Stack>
      <Switch
        label={t("instructor.editor.certificate.enabled")}
        checked={c.enabled}
        onChange={(e) => set({ enabled: e.currentTarget.checked })}
      />
      <TextInput
        label={t("instructor.editor.certificate.title")}
        value={c.title}
        onChange={(e) => set({ title: e.currentTarget.value })}
        maxLength={200}
        error={errors["certificate.title"]}
        disabled={!c.enabled}
      />
      <Textarea
        label={t("instructor.editor.certificate.body")}
        description={t("instructor.editor.certificate.bodyHint", PLACEHOLDERS)}
        value={c.body}
        onChange={(e) => set({ body: e.currentTarget.value })}
        autosize
        minRows={4}
        maxLength={5000}
        error={errors["certificate.body"]}
        disabled={!c.enabled}
      />
      <TextInput
        label={t("instructor.editor.certificate.signature")}
        value={c.signature ?? ""}
        onChange={(e) => set({ signature: e.currentTarget.value })}
        maxLength={200}
        disabled={!c.enabled}
      />
    </Stack>
  );
}

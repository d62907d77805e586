import { Alert, Button, Group, MultiSelect, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { Form, useFetcher, useNavigation } from "react-router";
import { MediaPicker } from "./media-picker";
import { PostStatusBadge } from "./post-status-badge";
import { RichTextEditor } from "./rich-text-editor";
import { fromLocalInput, toLocalInput } from "../lib/local-datetime";

export type PostFormValue = {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  coverImage: string;
  featured: boolean;
  categoryIds: string[];
  /** ISO date or "" (publish now). */
  publishedAt: string;
};

export type PostFormProps = {
  initial: PostFormValue;
  status: "draft" | "published" | null;
  /** The saved post's address, for the view link (only when published). */
  savedSlug: string | null;
  categories: { id: string; name: string }[];
  fields: Record<string, string>;
  message: string | null;
  notice: string | null;
  /** Told whether the form holds unsaved changes (for the editor frame's leave guard). */
  onDirtyChange?: (dirty: boolean) => void;
};

type CategoryResult = { category?: { id: string; name: string }; fields?: Record<string, string> };

/** The post editor: title, address, content, excerpt, cover, categories (with inline creation), featured, date. */
export function PostForm({
  initial,
  status,
  savedSlug,
  categories,
  fields,
  message,
  notice,
  onDirtyChange,
}: PostFormProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [value, setValue] = useState(initial);
  const [dateInput, setDateInput] = useState("");
  const [options, setOptions] = useState(categories);
  const [newCategory, setNewCategory] = useState("");
  const categoryFetcher = useFetcher<CategoryResult>();

  // The date field shows local time, which only the browser knows.
  useEffect(() => setDateInput(toLocalInput(initial.publishedAt)), [initial.publishedAt]);
  useEffect(() => setValue(initial), [initial]);
  useEffect(() => setOptions(categories), [categories]);
  // Any edit replaces the value; a save hands a new `initial` back, which is the clean state.
  useEffect(() => onDirtyChange?.(value !== initial), [value, initial, onDirtyChange]);
  useEffect(() => {
    const made = categoryFetcher.data?.category;
    if (!made) return;
    setOptions((all) => (all.some((c) => c.id === made.id) ? all : [...all, made]));
    setValue((v) => (v.categoryIds.includes(made.id) ? v : { ...v, categoryIds: [...v.categoryIds, made.id] }));
    setNewCategory("");
  }, [categoryFetcher.data]);

  const set = <K extends keyof PostFormValue>(key: K, v: PostFormValue[K]) => setValue((all) => ({ ...all, [key]: v }));
  const sent = JSON.stringify({ ...value, publishedAt: fromLocalInput(dateInput) || null });
  const addCategory = () => {
    if (!newCategory.trim()) return;
    categoryFetcher.submit({ intent: "createCategory", name: newCategory.trim() }, { method: "post" });
  };
  const categoryError = categoryFetcher.data?.fields ? Object.values(categoryFetcher.data.fields)[0] : undefined;

  return (
    <Form method="post" noValidate>
      <input type="hidden" name="post" value={sent} />
      <Stack gap="md" maw={900}>
        {notice ? (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        ) : null}
        {message ? (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        ) : null}
        {status ? (
          <Group gap="sm">
            <PostStatusBadge status={status} publishedAt={initial.publishedAt || null} />
            {status === "published" && savedSlug ? (
              <Button
                component="a"
                href={`/blog/${savedSlug}`}
                target="_blank"
                rel="noopener"
                size="compact-sm"
                variant="subtle"
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                {t("blog.editor.viewPost")}
              </Button>
            ) : null}
          </Group>
        ) : null}
        <TextInput
          label={t("blog.editor.fields.title")}
          value={value.title}
          onChange={(e) => set("title", e.currentTarget.value)}
          error={fields.title}
          required
          maxLength={200}
        />
        <TextInput
          label={t("blog.editor.fields.slug")}
          description={t("blog.editor.fields.slugHint", { slug: value.slug || "…" })}
          value={value.slug}
          onChange={(e) => set("slug", e.currentTarget.value.toLowerCase())}
          error={fields.slug}
          dir="ltr"
          maxLength={80}
        />
        <div>
          <RichTextEditor
            label={t("blog.editor.fields.content")}
            value={value.content}
            onChange={(html) => set("content", html)}
            minHeight={280}
          />
          {fields.content ? (
            <Alert color="red" mt={4} p="xs">
              {fields.content}
            </Alert>
          ) : null}
        </div>
        <Textarea
          label={t("blog.editor.fields.excerpt")}
          description={t("blog.editor.fields.excerptHint")}
          value={value.excerpt}
          onChange={(e) => set("excerpt", e.currentTarget.value)}
          error={fields.excerpt}
          autosize
          minRows={2}
          maxLength={1000}
        />
        <MediaPicker
          label={t("blog.editor.fields.cover")}
          value={value.coverImage}
          onChange={(url) => set("coverImage", url)}
          accept="image"
        />
        {fields.coverImage ? (
          <Alert color="red" p="xs">
            {fields.coverImage}
          </Alert>
        ) : null}
        <MultiSelect
          label={t("blog.editor.fields.categories")}
          placeholder={value.categoryIds.length ? undefined : t("blog.editor.fields.categoriesPlaceholder")}
          data={options.map((c) => ({ value: c.id, label: c.name }))}
          value={value.categoryIds}
          onChange={(ids) => set("categoryIds", ids)}
          error={fields.categoryIds}
          searchable
          clearable
          nothingFoundMessage={t("blog.editor.fields.noCategories")}
        />
        <Group align="flex-end" gap="xs">
          <TextInput
            label={t("blog.editor.fields.newCategory")}
            value={newCategory}
            onChange={(e) => setNewCategory(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                addCategory();
              }
            }}
            error={categoryError}
            maxLength={80}
            style={{ flex: "1 1 12rem" }}
          />
          <Button
            type="button"
            variant="default"
            onClick={addCategory}
            loading={categoryFetcher.state !== "idle"}
            disabled={!newCategory.trim()}
          >
            {t("blog.editor.fields.addCategory")}
          </Button>
        </Group>
        <Switch
          label={t("blog.editor.fields.featured")}
          checked={value.featured}
          onChange={(e) => set("featured", e.currentTarget.checked)}
        />
        <TextInput
          type="datetime-local"
          label={t("blog.editor.fields.publishedAt")}
          description={t("blog.editor.fields.publishedAtHint")}
          value={dateInput}
          onChange={(e) => {
            // Kept as typed (local time) for the field; in the value too, so the change counts as unsaved.
            setDateInput(e.currentTarget.value);
            set("publishedAt", fromLocalInput(e.currentTarget.value));
          }}
          error={fields.publishedAt}
          maw={280}
        />
        <Group gap="sm">
          {status === "published" ? (
            <>
              <Button type="submit" name="intent" value="save" loading={busy}>
                {t("blog.editor.save")}
              </Button>
              <Button type="submit" name="intent" value="unpublish" variant="default" disabled={busy}>
                {t("blog.editor.unpublish")}
              </Button>
            </>
          ) : (
            <>
              <Button type="submit" name="intent" value="save" variant="default" loading={busy}>
                {t("blog.editor.saveDraft")}
              </Button>
              <Button type="submit" name="intent" value="publish" disabled={busy}>
                {t("blog.editor.publish")}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Form>
  );
}

// The typed custom fields the site defines for its contacts (decision 0044): create (key, label,
// type, the options of a select), change the label, type or options, delete after confirmation
// (the values contacts carry stay, read-only). For the owner or manage_options; else 404.
import { Badge, Button, Group, Modal, NativeSelect, TagsInput, Text, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FIELD_TYPES, type FieldType } from "../../../../core/contact-fields";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { useResultToast } from "../../../components/marketing/use-result-toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/fields";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  const audience = context.services.audience;
  if (!audience.canManage) throw notFound();
  const fields = await audience.fields.list().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "audienceFields.fields.title", context.site.settings.sitetitle),
    fields,
  };
}

const typeOf = (v: FormDataEntryValue | null): FieldType =>
  (FIELD_TYPES as readonly string[]).includes(String(v)) ? (String(v) as FieldType) : "text";

export async function action({ context, request }: Route.ActionArgs) {
  requireSiteManager(context);
  const fields = context.services.audience.fields;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const input = {
    label: String(form.get("label") ?? ""),
    type: typeOf(form.get("type")),
    options: form.getAll("option").map(String),
  };
  if (intent === "create")
    return runAction(() => fields.create({ key: String(form.get("key") ?? ""), ...input }).then(() => "created"));
  if (intent === "update") return runAction(() => fields.update(id, input).then(() => "saved"));
  if (intent === "delete") return runAction(() => fields.remove(id).then(() => "deleted"));
  return unknownIntent();
}

type Row = Route.ComponentProps["loaderData"]["fields"][number];

/** Label, type and (for a select) options: the part of the form creating and editing share. */
function FieldInputs({ field, errors }: { field?: Row; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const [type, setType] = useState<FieldType>(field?.type ?? "text");
  const [options, setOptions] = useState<string[]>(field?.options ?? []);
  return (
    <>
      <TextInput
        name="label"
        label={t("audienceFields.fields.label")}
        defaultValue={field?.label}
        required
        maxLength={100}
        error={errors.label}
        style={{ flex: "1 1 12rem" }}
      />
      <NativeSelect
        name="type"
        label={t("audienceFields.fields.type")}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as FieldType)}
        data={FIELD_TYPES.map((x) => ({ value: x, label: t(`audienceFields.types.${x}`) }))}
      />
      {type === "select" ? (
        <>
          {options.map((o) => (
            <input key={o} type="hidden" name="option" value={o} />
          ))}
          <TagsInput
            label={t("audienceFields.fields.options")}
            description={t("audienceFields.fields.optionsHint")}
            value={options}
            onChange={setOptions}
            maxTags={50}
            error={errors.options}
            style={{ flex: "2 1 16rem" }}
          />
        </>
      ) : null}
    </>
  );
}

function CreateField() {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [key, setKey] = useState(0);
  useResultToast(fetcher, (d) => {
    if (!(d as { ok?: boolean }).ok) return null;
    setKey((k) => k + 1);
    return t("audienceFields.fields.created");
  });
  const errors = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <fetcher.Form method="post" key={key} aria-label={t("audienceFields.fields.new")}>
      <input type="hidden" name="intent" value="create" />
      <Group align="flex-start" gap="sm" wrap="wrap" mb="md">
        <TextInput
          name="key"
          label={t("audienceFields.fields.key")}
          description={t("audienceFields.fields.keyHint")}
          required
          maxLength={40}
          pattern="[a-z][a-z0-9_]*"
          error={errors.key}
          style={{ flex: "1 1 10rem" }}
        />
        <FieldInputs errors={errors} />
        <Button
          type="submit"
          mt={24}
          loading={fetcher.state !== "idle"}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t("audienceFields.fields.create")}
        </Button>
      </Group>
    </fetcher.Form>
  );
}

function EditField({ field }: { field: Row }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, (d) => {
    if (!(d as { ok?: boolean }).ok) return null;
    setOpened(false);
    return t("audienceFields.fields.saved");
  });
  const errors = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={t("audienceFields.fields.editNamed", { label: field.label })}
      >
        {t("audienceFields.fields.edit")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("audienceFields.fields.editNamed", { label: field.label })}
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="id" value={field.id} />
          <Text size="sm" c="dimmed" mb="xs">
            {t("audienceFields.fields.keyFixed", { key: field.key })}
          </Text>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <FieldInputs field={field} errors={errors} />
          </Group>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("audienceFields.save")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}

export default function Fields({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "label",
      header: t("audienceFields.fields.label"),
      meta: { cell: { fw: 600 } },
      cell: ({ row }) => row.original.label,
    },
    { id: "key", header: t("audienceFields.fields.key"), cell: ({ row }) => <code>{row.original.key}</code> },
    {
      id: "type",
      header: t("audienceFields.fields.type"),
      cell: ({ row: { original: f } }) => (
        <Badge variant="light" tt="none">
          {t(`audienceFields.types.${f.type}`)}
        </Badge>
      ),
    },
    {
      id: "options",
      header: t("audienceFields.fields.options"),
      cell: ({ row: { original: f } }) => (f.options.length ? f.options.join(", ") : "—"),
    },
  ];
  return (
    <ListScreen
      title={t("audienceFields.fields.title")}
      before={
        <>
          <EmailTabs active="fields" />
          <CreateField />
        </>
      }
      table={{
        data: d.fields,
        columns,
        getRowId: (f) => f.id,
        label: t("audienceFields.fields.title"),
        minWidth: 560,
        rowAttributes: (f) => ({ "data-field": f.key }),
        rowActions: (f) => (
          <>
            <EditField field={f} />
            <ConfirmDeleteButton
              id={f.id}
              label={t("audienceFields.delete")}
              ariaLabel={t("audienceFields.fields.deleteNamed", { label: f.label })}
              dialogTitle={t("audienceFields.fields.confirmDeleteTitle")}
              message={t("audienceFields.fields.confirmDelete", { label: f.label })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={t("audienceFields.fields.empty")}
    />
  );
}

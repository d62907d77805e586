// The site's mailing contacts (spec §3, decision 0036): search, filters by list, tag, status and
// source, pages; a new contact (verified first: a refused address says why on the field); bulk
// actions on the chosen rows. `?new=1` opens the new-contact form (quick create links here).
// For the owner or manage_options; anyone else gets a 404.
import { Anchor, Badge, Button, Group, Modal, NativeSelect, TextInput } from "@mantine/core";
import { IconDownload, IconPlus, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import {
  BulkDeleteButton,
  bulkIds,
  isFiltered,
  type ListColumn,
  ListScreen,
  parseListParams,
} from "../../../components/list-kit";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { useResultToast } from "../../../components/marketing/use-result-toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/contacts";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 25;
const BASE = "/dashboard/manage/marketing/emails/contacts";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  const audience = context.services.audience;
  if (!audience.canManage) throw notFound();
  const url = new URL(request.url);
  const [lists, facets, definitions] = await Promise.all([
    audience.lists.list(),
    audience.contacts.facets(),
    audience.fields.list(),
  ]).catch(asPageError);
  const spec = {
    filters: {
      list: ["", ...lists.map((l) => l.id)],
      tag: ["", ...facets.tags.map((t) => t.tag)],
      status: ["", "1", "0"],
      source: ["", ...facets.sources],
    },
  };
  const params = parseListParams(url.searchParams, spec);
  const f = params.filters;
  const result = await audience.contacts
    .list({
      q: params.q || undefined,
      listId: f.list || undefined,
      tag: f.tag || undefined,
      status: f.status === "" ? undefined : Number(f.status),
      source: f.source || undefined,
      page: params.page,
      perPage: PER_PAGE,
    })
    .catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "contacts.title", context.site.settings.sitetitle),
    contacts: result.items,
    total: result.total,
    page: params.page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
    q: params.q,
    filters: f,
    filtered: isFiltered(params, spec),
    lists: lists.map((l) => ({ id: l.id, name: l.name })),
    tags: facets.tags,
    sources: facets.sources,
    definitions: definitions.map((x) => ({ key: x.key, label: x.label, type: x.type, options: x.options })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSiteManager(context);
  const { contacts, lists } = context.services.audience;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const ids = bulkIds(form);
  const listId = String(form.get("listId") ?? "");
  const tag = String(form.get("tag") ?? "");
  switch (intent) {
    case "create":
      return runAction(async () => {
        const { contact, created } = await contacts.create({
          email: String(form.get("email") ?? ""),
          name: String(form.get("name") ?? ""),
        });
        return { id: contact.id, email: contact.email, created };
      });
    case "bulk-delete":
      return runAction(() => contacts.bulk(ids, { action: "delete" }).then((r) => ({ ...r, action: "delete" })));
    case "add-tag":
      return runAction(() => contacts.bulk(ids, { action: "add_tag", tag }).then((r) => ({ ...r, action: intent })));
    case "remove-tag":
      return runAction(() => contacts.bulk(ids, { action: "remove_tag", tag }).then((r) => ({ ...r, action: intent })));
    case "set-field":
      return runAction(() =>
        contacts
          .bulk(ids, {
            action: "set_field",
            field: String(form.get("field") ?? ""),
            value: String(form.get("value") ?? ""),
          })
          .then((r) => ({ ...r, action: intent })),
      );
    case "activate":
    case "deactivate":
      return runAction(() =>
        contacts
          .bulk(ids, { action: "set_status", status: intent === "activate" ? 1 : 0 })
          .then((r) => ({ ...r, action: intent })),
      );
    case "add-to-list":
      return runAction(() => lists.addContacts(listId, ids).then((r) => ({ changed: r.added, action: intent })));
    case "remove-from-list":
      return runAction(() => lists.removeContacts(listId, ids).then((r) => ({ changed: r.removed, action: intent })));
    default:
      return unknownIntent();
  }
}

type Data = Route.ComponentProps["loaderData"];
type Row = Data["contacts"][number];

const BULK = [
  "add-to-list",
  "remove-from-list",
  "add-tag",
  "remove-tag",
  "set-field",
  "activate",
  "deactivate",
] as const;
type BulkAction = (typeof BULK)[number];

function BulkActions({
  ids,
  lists,
  definitions,
}: {
  ids: string[];
  lists: Data["lists"];
  definitions: Data["definitions"];
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [choice, setChoice] = useState<BulkAction>("add-tag");
  useResultToast(fetcher, (d) =>
    t("contacts.bulk.done", { count: (d as { value?: { changed?: number } }).value?.changed ?? 0 }),
  );
  const needsList = choice === "add-to-list" || choice === "remove-from-list";
  const needsTag = choice === "add-tag" || choice === "remove-tag";
  const [fieldKey, setFieldKey] = useState(definitions[0]?.key ?? "");
  const field = definitions.find((x) => x.key === fieldKey);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <fetcher.Form method="post" aria-label={t("contacts.bulk.label")}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {ids.map((id) => (
            <input key={id} type="hidden" name="id" value={id} />
          ))}
          <NativeSelect
            name="intent"
            label={t("contacts.bulk.action")}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value as BulkAction)}
            data={BULK.filter((b) => b !== "set-field" || definitions.length).map((b) => ({
              value: b,
              label: b === "set-field" ? t("audienceFields.bulk.setField") : t(`contacts.bulk.${b}`),
            }))}
          />
          {needsList ? (
            <NativeSelect
              name="listId"
              label={t("contacts.bulk.list")}
              required
              data={[
                { value: "", label: t("contacts.bulk.chooseList") },
                ...lists.map((l) => ({ value: l.id, label: l.name })),
              ]}
            />
          ) : null}
          {needsTag ? <TextInput name="tag" label={t("contacts.bulk.tag")} required maxLength={60} /> : null}
          {choice === "set-field" && field ? (
            <>
              <NativeSelect
                name="field"
                label={t("audienceFields.bulk.field")}
                value={fieldKey}
                onChange={(e) => setFieldKey(e.currentTarget.value)}
                data={definitions.map((x) => ({ value: x.key, label: x.label }))}
              />
              {field.type === "select" || field.type === "checkbox" ? (
                <NativeSelect
                  key={field.key}
                  name="value"
                  label={t("audienceFields.bulk.value")}
                  data={[
                    { value: "", label: t("audienceFields.contact.none") },
                    ...(field.type === "select"
                      ? field.options
                      : [
                          { value: "true", label: t("audienceFields.bulk.yes") },
                          { value: "false", label: t("audienceFields.bulk.no") },
                        ]),
                  ]}
                />
              ) : (
                <TextInput
                  key={field.key}
                  name="value"
                  label={t("audienceFields.bulk.value")}
                  type={field.type === "number" ? "number" : field.type === "date" ? "date" : "text"}
                  step={field.type === "number" ? "any" : undefined}
                  maxLength={2000}
                />
              )}
            </>
          ) : null}
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {t("contacts.bulk.apply")}
          </Button>
        </Group>
      </fetcher.Form>
      <BulkDeleteButton ids={ids} />
    </Group>
  );
}

function NewContact({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, (d) => {
    const v = (d as { ok?: boolean; value?: { created: boolean; email: string } }).value;
    if (!v) return null;
    onClose();
    return t(v.created ? "contacts.new.created" : "contacts.new.merged", { email: v.email });
  });
  const fields = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <Modal opened={opened} onClose={onClose} title={t("contacts.new.title")}>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="create" />
        <TextInput
          name="email"
          type="email"
          label={t("contacts.email")}
          required
          maxLength={254}
          error={fields.email}
          data-autofocus
        />
        <TextInput name="name" label={t("contacts.name")} maxLength={200} mt="sm" error={fields.name} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={fetcher.state !== "idle"}>
            {t("contacts.new.submit")}
          </Button>
        </Group>
      </fetcher.Form>
    </Modal>
  );
}

export default function Contacts({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const opened = params.get("new") === "1";
  const setOpened = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set("new", "1");
        else next.delete("new");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const exportQuery = new URLSearchParams();
  if (d.q) exportQuery.set("q", d.q);
  if (d.filters.list) exportQuery.set("listId", d.filters.list);
  if (d.filters.tag) exportQuery.set("tag", d.filters.tag);
  if (d.filters.status) exportQuery.set("status", d.filters.status);
  if (d.filters.source) exportQuery.set("source", d.filters.source);
  const columns: ListColumn<Row>[] = [
    {
      id: "email",
      header: t("contacts.email"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: c } }) => (
        <Anchor component={Link} to={`${BASE}/${c.id}`}>
          {c.email}
        </Anchor>
      ),
    },
    { id: "name", header: t("contacts.name"), cell: ({ row: { original: c } }) => c.name || "—" },
    {
      id: "status",
      header: t("contacts.status"),
      cell: ({ row: { original: c } }) => (
        <Badge variant="light" color={c.status === 1 ? "green" : "gray"}>
          {t(c.status === 1 ? "contacts.active" : "contacts.inactive")}
        </Badge>
      ),
    },
    {
      id: "tags",
      header: t("contacts.tags"),
      cell: ({ row: { original: c } }) =>
        c.tags.length ? (
          <Group gap={4} wrap="wrap">
            {c.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        ) : (
          "—"
        ),
    },
    { id: "source", header: t("contacts.source"), cell: ({ row: { original: c } }) => c.settings.source ?? "manual" },
    {
      id: "created",
      header: t("contacts.created"),
      cell: ({ row: { original: c } }) =>
        new Date(c.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" }),
    },
  ];
  const create = (
    <Group gap="sm" wrap="wrap">
      <Button onClick={() => setOpened(true)} leftSection={<IconPlus size={16} aria-hidden />}>
        {t("contacts.new.button")}
      </Button>
      <Button
        component={Link}
        to={`${BASE}/import`}
        variant="default"
        leftSection={<IconUpload size={16} aria-hidden />}
      >
        {t("contactImport.button")}
      </Button>
    </Group>
  );
  return (
    <ListScreen
      title={t("contacts.title")}
      create={create}
      before={
        <>
          <EmailTabs active="contacts" />
          <Group justify="space-between" mb="sm" wrap="wrap">
            <span className="muted">{t("contacts.count", { count: d.total })}</span>
            {d.total > 0 ? (
              <Button
                component="a"
                href={`/api/v1/contacts/export.csv${exportQuery.size ? `?${exportQuery}` : ""}`}
                download
                variant="subtle"
                size="compact-sm"
                leftSection={<IconDownload size={16} aria-hidden />}
              >
                {t("contacts.export")}
              </Button>
            ) : null}
          </Group>
        </>
      }
      toolbar={{
        label: t("contacts.searchLabel"),
        search: { label: t("contacts.search"), value: d.q },
        submitLabel: t("contacts.apply"),
        filters: [
          {
            name: "list",
            label: t("contacts.filters.list"),
            value: d.filters.list,
            options: [
              { value: "", label: t("contacts.filters.all") },
              ...d.lists.map((l) => ({ value: l.id, label: l.name })),
            ],
          },
          {
            name: "tag",
            label: t("contacts.filters.tag"),
            value: d.filters.tag,
            options: [
              { value: "", label: t("contacts.filters.all") },
              ...d.tags.map((x) => ({ value: x.tag, label: `${x.tag} (${x.contacts})` })),
            ],
          },
          {
            name: "status",
            label: t("contacts.filters.status"),
            value: d.filters.status,
            options: [
              { value: "", label: t("contacts.filters.all") },
              { value: "1", label: t("contacts.active") },
              { value: "0", label: t("contacts.inactive") },
            ],
          },
          {
            name: "source",
            label: t("contacts.filters.source"),
            value: d.filters.source,
            options: [
              { value: "", label: t("contacts.filters.all") },
              ...d.sources.map((s) => ({ value: s, label: s })),
            ],
          },
        ],
      }}
      table={{
        data: d.contacts,
        columns,
        getRowId: (c) => c.id,
        label: t("contacts.title"),
        minWidth: 760,
        rowAttributes: (c) => ({ "data-contact": c.email }),
        selection: {
          rowLabel: (c) => c.email,
          actions: (ids) => <BulkActions ids={ids} lists={d.lists} definitions={d.definitions} />,
        },
      }}
      empty={t("contacts.empty")}
      filtered={d.filtered}
      pager={{ page: d.page, pages: d.pages }}
      after={<NewContact opened={opened} onClose={() => setOpened(false)} />}
    />
  );
}

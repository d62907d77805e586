// The site's mailing lists (spec §3 mailing_list_contact, decision 0036): create with single or
// double opt-in, rename, delete after confirmation, each with its number of contacts and a link to
// the contacts on it. For the owner or manage_options; anyone else gets a 404.
import { Anchor, Badge, Button, Group, Modal, NativeSelect, TextInput } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDeleteButton } from "../../../components/confirm-delete-button";
import { type ListColumn, ListScreen } from "../../../components/list-kit";
import { EmailTabs } from "../../../components/marketing/email-tabs";
import { useResultToast } from "../../../components/marketing/use-result-toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import { requireSiteManager } from "../../../lib/site-admin.server";
import type { Route } from "./+types/lists";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  if (!context.services.audience.canManage) throw notFound();
  const lists = await context.services.audience.lists.list().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "contacts.lists.title", context.site.settings.sitetitle),
    lists,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSiteManager(context);
  const lists = context.services.audience.lists;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const name = String(form.get("name") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent === "create")
    return runAction(() =>
      lists.create({ name, optIn: form.get("optIn") === "double" ? "double" : "single" }).then(() => "created"),
    );
  if (intent === "rename") return runAction(() => lists.rename(id, name).then(() => "renamed"));
  if (intent === "delete") return runAction(() => lists.remove(id).then(() => "deleted"));
  return unknownIntent();
}

type Row = Route.ComponentProps["loaderData"]["lists"][number];

function CreateList() {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [key, setKey] = useState(0);
  useResultToast(fetcher, (d) => {
    if ((d as { ok?: boolean }).ok) setKey((k) => k + 1);
    return t("contacts.lists.created");
  });
  const fields = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <fetcher.Form method="post" key={key} aria-label={t("contacts.lists.new")}>
      <input type="hidden" name="intent" value="create" />
      <Group align="flex-end" gap="sm" wrap="wrap" mb="md">
        <TextInput
          name="name"
          label={t("contacts.lists.name")}
          required
          maxLength={200}
          error={fields.name}
          style={{ flex: "1 1 14rem" }}
        />
        <NativeSelect
          name="optIn"
          label={t("contacts.lists.optIn")}
          data={[
            { value: "single", label: t("contacts.lists.single") },
            { value: "double", label: t("contacts.lists.double") },
          ]}
        />
        <Button type="submit" loading={fetcher.state !== "idle"} leftSection={<IconPlus size={16} aria-hidden />}>
          {t("contacts.lists.create")}
        </Button>
      </Group>
    </fetcher.Form>
  );
}

function RenameList({ list }: { list: Row }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, (d) => {
    if ((d as { ok?: boolean }).ok) setOpened(false);
    return t("contacts.lists.renamed");
  });
  const fields = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => setOpened(true)}
        aria-label={t("contacts.lists.renameNamed", { name: list.name })}
      >
        {t("contacts.lists.rename")}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t("contacts.lists.rename")}>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={list.id} />
          <TextInput
            name="name"
            label={t("contacts.lists.name")}
            defaultValue={list.name}
            required
            maxLength={200}
            error={fields.name}
            data-autofocus
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("contacts.save")}
            </Button>
          </Group>
        </fetcher.Form>
      </Modal>
    </>
  );
}

export default function Lists({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const columns: ListColumn<Row>[] = [
    {
      id: "name",
      header: t("contacts.lists.name"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: l } }) => (
        <Anchor component={Link} to={`/dashboard/manage/marketing/emails/contacts?list=${l.id}`}>
          {l.name}
        </Anchor>
      ),
    },
    {
      id: "optIn",
      header: t("contacts.lists.optIn"),
      cell: ({ row: { original: l } }) => (
        <Badge variant="light" color={l.optIn === "double" ? "grape" : "gray"}>
          {t(`contacts.lists.${l.optIn}`)}
        </Badge>
      ),
    },
    {
      id: "contacts",
      header: t("contacts.lists.contacts"),
      cell: ({ row: { original: l } }) => (
        <Group gap="xs" wrap="nowrap">
          <span>{l.contacts}</span>
          {l.pending > 0 && (
            <Badge variant="light" color="yellow" title={t("audienceGaps.pendingHint")}>
              {t("audienceGaps.pendingCount", { count: l.pending })}
            </Badge>
          )}
        </Group>
      ),
    },
  ];
  return (
    <ListScreen
      title={t("contacts.lists.title")}
      before={
        <>
          <EmailTabs active="lists" />
          <CreateList />
        </>
      }
      table={{
        data: d.lists,
        columns,
        getRowId: (l) => l.id,
        label: t("contacts.lists.title"),
        minWidth: 520,
        rowAttributes: (l) => ({ "data-list": l.name }),
        rowActions: (l) => (
          <>
            <RenameList list={l} />
            <ConfirmDeleteButton
              id={l.id}
              label={t("contacts.delete")}
              ariaLabel={t("contacts.lists.deleteNamed", { name: l.name })}
              dialogTitle={t("contacts.lists.confirmDeleteTitle")}
              message={t("contacts.lists.confirmDelete", { name: l.name, count: l.contacts })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={t("contacts.lists.empty")}
    />
  );
}

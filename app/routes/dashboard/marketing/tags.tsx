// The tags the site's contacts carry (decision 0044), each with how many contacts carry it and a
// link to them: rename one everywhere (into a tag a contact already has: merged, no duplicate), or
// delete it from every contact after confirmation. For the owner or manage_options; else 404.
import { Anchor, Button, Group, Modal, TextInput } from "@mantine/core";
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
import type { Route } from "./+types/tags";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireSiteManager(context);
  const audience = context.services.audience;
  if (!audience.canManage) throw notFound();
  const facets = await audience.contacts.facets().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "audienceFields.tags.title", context.site.settings.sitetitle),
    tags: facets.tags,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireSiteManager(context);
  const tags = context.services.audience.tags;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // The delete dialog posts the tag as its `id`.
  const tag = String(form.get("tag") ?? form.get("id") ?? "");
  if (intent === "rename") return runAction(() => tags.rename(tag, String(form.get("name") ?? "")));
  if (intent === "delete") return runAction(() => tags.remove(tag));
  return unknownIntent();
}

type Row = Route.ComponentProps["loaderData"]["tags"][number];

/** One dialog for the screen, outside the rows: a renamed tag's row goes, the answer's toast stays. */
function RenameTag({ tag, onClose }: { tag: Row | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  useResultToast(fetcher, (d) => {
    const v = (d as { value?: { changed: number } }).value;
    if (!v) return null;
    onClose();
    return t("audienceFields.tags.renamed", { count: v.changed });
  });
  const fields = (fetcher.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  return (
    <Modal
      opened={tag !== null}
      onClose={onClose}
      title={tag ? t("audienceFields.tags.renameNamed", { tag: tag.tag }) : ""}
    >
      {tag ? (
        <fetcher.Form method="post" key={tag.tag}>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="tag" value={tag.tag} />
          <TextInput
            name="name"
            label={t("audienceFields.tags.newName")}
            description={t("audienceFields.tags.mergeHint")}
            defaultValue={tag.tag}
            required
            maxLength={60}
            error={fetcher.state === "idle" ? fields.name : undefined}
            data-autofocus
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={fetcher.state !== "idle"}>
              {t("audienceFields.save")}
            </Button>
          </Group>
        </fetcher.Form>
      ) : null}
    </Modal>
  );
}

export default function Tags({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<Row | null>(null);
  const columns: ListColumn<Row>[] = [
    {
      id: "tag",
      header: t("audienceFields.tags.tag"),
      meta: { cell: { fw: 600 } },
      cell: ({ row: { original: x } }) => (
        <Anchor component={Link} to={`/dashboard/manage/marketing/emails/contacts?tag=${encodeURIComponent(x.tag)}`}>
          {x.tag}
        </Anchor>
      ),
    },
    { id: "contacts", header: t("audienceFields.tags.contacts"), cell: ({ row: { original: x } }) => x.contacts },
  ];
  return (
    <ListScreen
      title={t("audienceFields.tags.title")}
      before={<EmailTabs active="tags" />}
      table={{
        data: d.tags,
        columns,
        getRowId: (x) => x.tag,
        label: t("audienceFields.tags.title"),
        minWidth: 420,
        rowAttributes: (x) => ({ "data-tag": x.tag }),
        rowActions: (x) => (
          <>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => setRenaming(x)}
              aria-label={t("audienceFields.tags.renameNamed", { tag: x.tag })}
            >
              {t("audienceFields.tags.rename")}
            </Button>
            <ConfirmDeleteButton
              id={x.tag}
              label={t("audienceFields.delete")}
              ariaLabel={t("audienceFields.tags.deleteNamed", { tag: x.tag })}
              dialogTitle={t("audienceFields.tags.confirmDeleteTitle")}
              message={t("audienceFields.tags.confirmDelete", { tag: x.tag, count: x.contacts })}
              cancelLabel={t("common.cancel")}
            />
          </>
        ),
      }}
      empty={t("audienceFields.tags.empty")}
      after={<RenameTag tag={renaming} onClose={() => setRenaming(null)} />}
    />
  );
}

import { Button, Group, Pagination, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconPhoto, IconSearch } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { MEDIA_KINDS, type MediaKind } from "../../../core/upload-types";
import { FileDropZone } from "../../components/file-drop-zone";
import { MediaDetailsDrawer } from "../../components/media-details-drawer";
import { MediaGrid } from "../../components/media-grid";
import { StorageMeter } from "../../components/storage-meter";
import { UploadQueue } from "../../components/upload-queue";
import { useMediaUploads } from "../../hooks/use-media-uploads";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/media";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

const PER_PAGE = 24;

/** The site's media library: managers only (anyone else gets a 404, as if it did not exist). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const m = context.member;
  if (!m || !(m.isOwner || m.caps.includes("manage_options"))) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const kindParam = url.searchParams.get("kind");
  const kind = MEDIA_KINDS.includes(kindParam as MediaKind) ? (kindParam as MediaKind) : undefined;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page"))) || 1);
  const result = await context.services.media.list({ page, per_page: PER_PAGE, kind, q: q || undefined });
  return {
    title: pageTitle(translatorFor(context, request), "media.title", context.site.settings.sitetitle),
    items: result.items,
    total: result.total,
    usage: result.usage,
    kind: kind ?? null,
    q,
    page,
    pages: Math.max(1, Math.ceil(result.total / PER_PAGE)),
  };
}

export default function MediaLibrary({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const refresh = useCallback(() => {
    void revalidator.revalidate();
  }, [revalidator]);
  const uploads = useMediaUploads(refresh);
  const open = d.items.find((i) => i.id === openId) ?? null;

  const go = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete("page");
    if (patch.page) next.set("page", patch.page);
    navigate(`?${next}`, { preventScrollReset: true });
  };

  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("media.title")}</h1>
      </div>
      <Stack gap="lg">
        <StorageMeter usedBytes={d.usage.usedBytes} limitBytes={d.usage.limitBytes} />
        <FileDropZone onFiles={uploads.upload} focusWhenNew />
        <UploadQueue entries={uploads.entries} onClear={uploads.clear} />
        <Group justify="space-between" align="flex-end" gap="sm">
          <SegmentedControl
            aria-label={t("media.filter.label")}
            value={d.kind ?? "all"}
            onChange={(v) => go({ kind: v === "all" ? null : v })}
            data={[
              { value: "all", label: t("media.filter.all") },
              ...MEDIA_KINDS.map((k) => ({ value: k, label: t(`media.filter.${k}`) })),
            ]}
            style={{ maxWidth: "100%", overflowX: "auto" }}
          />
          <Form method="get" role="search" style={{ display: "flex", gap: 8, alignItems: "flex-end" }}>
            {d.kind ? <input type="hidden" name="kind" value={d.kind} /> : null}
            <TextInput
              name="q"
              type="search"
              label={t("media.search.label")}
              defaultValue={d.q}
              key={d.q}
              leftSection={<IconSearch size={16} aria-hidden />}
            />
            <Button type="submit" variant="default">
              {t("media.search.submit")}
            </Button>
          </Form>
        </Group>
        {d.items.length === 0 ? (
          <Stack align="center" gap={4} py="xl" className="empty-state">
            <IconPhoto size={48} stroke={1.2} aria-hidden color="var(--mantine-color-gray-5)" />
            {d.q || d.kind ? (
              <Text>{t("media.empty.noMatch")}</Text>
            ) : (
              <>
                <Text fw={600}>{t("media.empty.title")}</Text>
                <Text c="dimmed" size="sm" ta="center">
                  {t("media.empty.body")}
                </Text>
              </>
            )}
          </Stack>
        ) : (
          <MediaGrid items={d.items} onOpen={(item) => setOpenId(item.id)} />
        )}
        {d.pages > 1 ? (
          <Group justify="center">
            <Pagination
              total={d.pages}
              value={d.page}
              onChange={(p) => go({ page: String(p) })}
              getControlProps={(control) => ({
                "aria-label": control === "previous" ? t("media.pager.previous") : t("media.pager.next"),
              })}
            />
          </Group>
        ) : null}
      </Stack>
      <MediaDetailsDrawer item={open} onClose={() => setOpenId(null)} onChanged={refresh} />
    </div>
  );
}

import { ActionIcon, Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../../../i18n/use-translation";
import { useFetcher } from "react-router";
import { ZUnitPatch } from "../../../../core/course-schemas";
import { ItemEditorShell } from "../../../components/instructor/item-editor-shell";
import { MediaPicker } from "../../../components/media-picker";
import { UnitRewrite } from "../../../components/ai/unit-rewrite";
import { TranscriptEditor } from "../../../components/ai/transcript-editor";
import { mediaIdOfVideo } from "../../../../core/transcripts";
import { withTemplate } from "../../../lib/course-template";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, checked, notFound, readIntent, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/unit-edit";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const ins = context.services.instructor;
  if (!ins.canUse) throw notFound();
  const item = await ins.units.get(params.id).catch(asPageError);
  const tr = translatorFor(context, request);
  return {
    title: pageTitle(tr, "instructor.unit.editTitle", context.site.settings.sitetitle),
    item: { ...item, content: withTemplate(item.content, tr) },
    courseId: new URL(request.url).searchParams.get("course"),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { payload } = await readIntent(request);
  return runAction(() => context.services.instructor.units.update(params.id, checked(ZUnitPatch, payload)));
}

type Video = { kind: "upload" | "embed"; url: string; mediaId?: string } | null;
type Download = { name: string; url: string; mediaId?: string; size?: number };

export default function UnitEdit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [title, setTitle] = useState(d.item.title);
  const [content, setContent] = useState(d.item.content);
  const [video, setVideo] = useState<Video>(d.item.video);
  const [downloads, setDownloads] = useState<Download[]>(d.item.downloads);
  const [minutes, setMinutes] = useState<number | null>(
    d.item.duration == null ? null : Math.round(d.item.duration / 60),
  );
  const [dirty, setDirty] = useState(false);
  const recording = mediaIdOfVideo(video);
  const result = fetcher.data && "ok" in fetcher.data ? fetcher.data : null;
  useEffect(() => {
    if (result && !result.ok) setDirty(true);
  }, [result]);
  const touch =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDirty(true);
    };
  const setDownload = (i: number, patch: Partial<Download>) =>
    touch(setDownloads)(downloads.map((dl, n) => (n === i ? { ...dl, ...patch } : dl)));
  return (
    <ItemEditorShell
      heading={t("instructor.unit.editTitle")}
      courseId={d.courseId}
      title={title}
      content={content}
      onTitle={touch(setTitle)}
      onContent={(v) => v !== content && touch(setContent)(v)}
      saving={fetcher.state !== "idle"}
      result={result}
      dirty={dirty}
      onSave={() => {
        setDirty(false);
        const payload = {
          title,
          content,
          video: video?.url ? video : null,
          downloads: downloads.filter((dl) => dl.url),
          duration: minutes == null ? null : minutes * 60,
        };
        fetcher.submit({ intent: "save", payload }, { method: "post", encType: "application/json" });
      }}
    >
      <UnitRewrite unitId={d.item.id} html={content} onReplace={(html) => touch(setContent)(html)} />
      <NativeSelect
        label={t("instructor.unit.video")}
        value={video?.kind ?? "none"}
        onChange={(e) => {
          const kind = e.currentTarget.value;
          touch(setVideo)(kind === "none" ? null : { kind: kind as "upload" | "embed", url: "" });
        }}
        data={(["none", "upload", "embed"] as const).map((k) => ({
          value: k,
          label: t(`instructor.unit.videoKinds.${k}`),
        }))}
      />
      {video?.kind === "embed" ? (
        <TextInput
          label={t("instructor.unit.videoUrl")}
          type="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={video.url}
          onChange={(e) => touch(setVideo)({ kind: "embed", url: e.currentTarget.value })}
          error={result?.fields["video.url"] ?? result?.fields.video}
        />
      ) : null}
      {video?.kind === "upload" ? (
        <MediaPicker
          label={t("instructor.unit.videoUrl")}
          accept="video"
          value={video.url}
          onChange={(url) => touch(setVideo)({ kind: "upload", url })}
        />
      ) : null}
      {recording ? <TranscriptEditor key={recording} mediaId={recording} /> : null}
      <NumberInput
        label={t("instructor.unit.duration")}
        min={0}
        allowDecimal={false}
        value={minutes ?? ""}
        onChange={(v) => touch(setMinutes)(v === "" ? null : Number(v))}
        error={result?.fields.duration}
      />
      <Stack gap="xs">
        <Text fw={600}>{t("instructor.unit.downloads")}</Text>
        {downloads.map((dl, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: downloads have no id; their position is their identity while editing
          <Group key={i} align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label={t("instructor.unit.downloadName")}
              value={dl.name}
              onChange={(e) => setDownload(i, { name: e.currentTarget.value })}
              error={result?.fields[`downloads.${i}.name`]}
            />
            <MediaPicker
              label={t("instructor.unit.downloadFile")}
              value={dl.url}
              onChange={(url) => setDownload(i, { url })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => touch(setDownloads)(downloads.filter((_, n) => n !== i))}
              aria-label={t("instructor.unit.removeDownload", { name: dl.name })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => touch(setDownloads)([...downloads, { name: "", url: "" }])}
          >
            {t("instructor.unit.addDownload")}
          </Button>
        </Group>
      </Stack>
    </ItemEditorShell>
  );
}

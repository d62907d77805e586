import { Anchor, AspectRatio, List, Stack, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { videoEmbedUrl } from "../../../core/video-embed";
import { safeHref } from "../../lib/safe-url";
import { languageName, type UnitTranscriptData, UnitTranscript } from "./unit-transcript";

export type UnitBody = {
  title: string;
  /** Sanitised on the server. */
  content: string;
  video: { kind: "upload" | "embed"; url: string } | null;
  downloads: { name: string; url: string }[];
  /** The uploaded recording's transcript, when it has one: captions on the video and the text under it. */
  transcript?: UnitTranscriptData | null;
};

/** A unit in the player: its video (upload or YouTube/Vimeo embed), rich text and downloads. */
export function UnitContent({ unit }: { unit: UnitBody }) {
  const { t, i18n } = useTranslation();
  const player = useRef<HTMLVideoElement>(null);
  const video = unit.video ? safeHref(unit.video.url) : null;
  const embed = unit.video?.kind === "embed" ? videoEmbedUrl(unit.video.url) : null;
  const downloads = unit.downloads.filter((d) => safeHref(d.url));
  return (
    <Stack gap="md">
      <Title order={2}>{unit.title}</Title>
      {unit.video?.kind === "upload" && video ? (
        // biome-ignore lint/a11y/useMediaCaption: captions come from the recording's transcript when it has one
        <video ref={player} controls src={video} style={{ width: "100%", maxHeight: "70vh" }} aria-label={unit.title}>
          {unit.transcript ? (
            <track
              kind="captions"
              srcLang={unit.transcript.language}
              label={languageName(unit.transcript.language, i18n.language)}
              src={unit.transcript.captionsUrl}
              default
            />
          ) : null}
        </video>
      ) : null}
      {unit.video?.kind === "upload" && video && unit.transcript ? (
        <UnitTranscript transcript={unit.transcript} media={player} />
      ) : null}
      {embed ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={embed}
            title={t("learning.videoTitle", { title: unit.title })}
            allow="autoplay; fullscreen; picture-in-picture"
            allowFullScreen
            style={{ border: 0 }}
          />
        </AspectRatio>
      ) : null}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: unit HTML is sanitised by the server */}
      <div className="post-content" dangerouslySetInnerHTML={{ __html: unit.content }} />
      {downloads.length ? (
        <section aria-label={t("learning.downloads")}>
          <Title order={3} size="h5" mb="xs">
            {t("learning.downloads")}
          </Title>
          <List spacing="xs" icon={<IconDownload size={16} aria-hidden />}>
            {downloads.map((d) => (
              <List.Item key={d.url}>
                <Anchor href={safeHref(d.url) ?? undefined} download>
                  {d.name}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
    </Stack>
  );
}

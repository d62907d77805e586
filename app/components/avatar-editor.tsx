import { Alert, Avatar, Button, Group, Stack, Text } from "@mantine/core";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { type ApiError, uploadFile } from "../lib/media-client";

type AvatarInfo = { url: string; isDefault: boolean };

/** The signed-in member's avatar on this site: shows it, uploads a new picture, removes it. */
export function AvatarEditor() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [avatar, setAvatar] = useState<AvatarInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    (async () => {
      const me = await fetch("/api/v1/me", { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : null));
      const id = (me as { user?: { id: string } } | null)?.user?.id;
      if (!id || !live) return;
      const url = `/avatars/${id}/avatar.jpg`;
      const head = await fetch(url, { method: "HEAD", cache: "no-store" }).catch(() => null);
      if (live) setAvatar({ url, isDefault: head?.headers.get("x-avatar") !== "member" });
    })();
    return () => {
      live = false;
    };
  }, []);

  const errorText = (e: ApiError) =>
    e.code === "unsupported_media_type"
      ? t("media.avatar.notImage")
      : e.code === "payload_too_large"
        ? t("media.avatar.tooLarge")
        : t("media.avatar.failed");

  const upload = async (file: File) => {
    setBusy(true);
    setMessage(null);
    const r = await uploadFile<AvatarInfo>("/api/v1/me/avatar", file, () => {});
    setBusy(false);
    if (r.ok) {
      setAvatar(r.value);
      setMessage({ ok: true, text: t("media.avatar.saved") });
    } else setMessage({ ok: false, text: errorText(r.error) });
  };
  const remove = async () => {
    setBusy(true);
    setMessage(null);
    const res = await fetch("/api/v1/me/avatar", { method: "DELETE", credentials: "same-origin" }).catch(() => null);
    setBusy(false);
    if (res?.ok) {
      const info = (await res.json()) as AvatarInfo;
      setAvatar({ url: `${info.url}?v=${Date.now()}`, isDefault: true });
      setMessage({ ok: true, text: t("media.avatar.removed") });
    } else setMessage({ ok: false, text: t("media.avatar.failed") });
  };

  return (
    <section aria-labelledby="avatar-editor-title">
      <h2 id="avatar-editor-title">{t("media.avatar.title")}</h2>
      <div className="card wide stack">
        <Group gap="md" align="center">
          <Avatar src={avatar?.url} alt={t("media.avatar.alt")} size={96} radius={96} />
          <Stack gap={6}>
            <Group gap="xs">
              <Button
                leftSection={<IconUpload size={16} aria-hidden />}
                onClick={() => input.current?.click()}
                loading={busy}
                disabled={!avatar}
              >
                {t("media.avatar.upload")}
              </Button>
              {avatar && !avatar.isDefault ? (
                <Button
                  variant="default"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={remove}
                  disabled={busy}
                >
                  {t("media.avatar.remove")}
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t("media.avatar.hint")}
            </Text>
          </Stack>
        </Group>
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/webp,image/avif"
          hidden
          aria-label={t("media.avatar.upload")}
          onChange={(e) => {
            const f = e.currentTarget.files?.[0];
            e.currentTarget.value = "";
            if (f) void upload(f);
          }}
        />
        {message ? (
          <Alert color={message.ok ? "green" : "red"} role={message.ok ? "status" : "alert"} p="xs">
            {message.text}
          </Alert>
        ) : null}
      </div>
    </section>
  );
}

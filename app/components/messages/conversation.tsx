import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Pill,
  Stack,
  Text,
  Textarea,
} from "@mantine/core";
import {
  IconArrowLeft,
  IconBell,
  IconBellOff,
  IconDotsVertical,
  IconPaperclip,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGE_ATTACHMENTS_MAX } from "../../../core/chat";
import { CHAT_EVENT } from "../../hooks/use-realtime";
import { useTranslation } from "../../i18n/use-translation";
import {
  blockMember,
  CHATS_CHANGED,
  type Chat,
  type ChatMessage,
  listBlocks,
  listMessages,
  markChatRead,
  removeMessage,
  sendMessage,
  setChatMuted,
  unblockMember,
} from "../../lib/chats-client";
import type { MediaItem } from "../../lib/media-client";
import { MediaLibraryDialog } from "../media-picker";

type Attachment = { id: string; filename: string };
type Confirming = { kind: "block" } | { kind: "remove"; message: ChatMessage };

const changed = () => window.dispatchEvent(new Event(CHATS_CHANGED));

/**
 * One chat: its header (mute, block in a direct chat, back to the list on a phone), its history
 * (older pages on demand, attachments shown — images inline), live messages, and the composer with
 * files from the media library for those who keep it. Opening it marks it read.
 */
export function Conversation({
  chat,
  me,
  isManager,
  canAttach,
  onBack,
}: {
  chat: Chat;
  me: string;
  /** A manager of the site removes anyone's message in a chat they are in. */
  isManager: boolean;
  /** The member may pick files of the media library. */
  canAttach: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ChatMessage[] | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState("");
  const [files, setFiles] = useState<Attachment[]>([]);
  const [library, setLibrary] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [iBlocked, setIBlocked] = useState(false);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  // The dialog keeps saying what it asked while it closes.
  const asked = useRef<Confirming | null>(null);
  if (confirming) asked.current = confirming;
  const asking = confirming ?? asked.current;
  const other = chat.kind === "direct" ? (chat.members.find((p) => p.user_id !== me) ?? null) : null;

  const read = useCallback(() => {
    markChatRead(chat.id)
      .then(changed)
      .catch(() => undefined);
  }, [chat.id]);

  useEffect(() => {
    setItems(null);
    setFailed(false);
    setError(null);
    setDraft("");
    setFiles([]);
    listMessages(chat.id)
      .then((page) => {
        setItems(page.items);
        setOlder(page.next_before);
        read();
      })
      .catch(() => setFailed(true));
  }, [chat.id, read]);

  // Whether this member is the one who blocked (then they can lift it), or the other person is.
  const otherId = other?.user_id ?? null;
  useEffect(() => {
    if (!otherId || !chat.blocked) return setIBlocked(false);
    listBlocks()
      .then((r) => setIBlocked(r.items.some((p) => p.user_id === otherId)))
      .catch(() => setIBlocked(false));
  }, [otherId, chat.blocked]);

  useEffect(() => {
    const onFrame = (e: Event) => {
      const frame = (e as CustomEvent).detail as { event: string; chat_id: string; message: ChatMessage | null };
      if (frame.chat_id !== chat.id || !frame.message) return;
      const m = frame.message;
      setItems((list) => {
        if (!list) return list;
        const at = list.findIndex((x) => x.id === m.id);
        if (at >= 0) return list.map((x) => (x.id === m.id ? m : x));
        return frame.event === "message" ? [...list, m] : list;
      });
      if (frame.event === "message" && m.author.user_id !== me) read();
    };
    window.addEventListener(CHAT_EVENT, onFrame);
    return () => window.removeEventListener(CHAT_EVENT, onFrame);
  }, [chat.id, me, read]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the end when a message is added
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: "end" });
  }, [items?.length]);

  const loadOlder = async () => {
    if (!older) return;
    const page = await listMessages(chat.id, older).catch(() => null);
    if (!page) return setFailed(true);
    setItems((list) => [...page.items, ...(list ?? [])]);
    setOlder(page.next_before);
  };

  const canSend = (draft.trim().length > 0 || files.length > 0) && !chat.blocked;
  const send = async () => {
    if (!canSend || sending) return;
    setSending(true);
    setError(null);
    try {
      const m = await sendMessage(
        chat.id,
        draft,
        files.map((f) => f.id),
      );
      setItems((list) => (list && !list.some((x) => x.id === m.id) ? [...list, m] : list));
      setDraft("");
      setFiles([]);
    } catch (err) {
      setError((err as Error).message || t("messages.sendFailed"));
    } finally {
      setSending(false);
    }
  };

  const attach = (item: MediaItem) => {
    setLibrary(false);
    setFiles((list) =>
      list.some((f) => f.id === item.id)
        ? list
        : [...list, { id: item.id, filename: item.filename }].slice(0, MESSAGE_ATTACHMENTS_MAX),
    );
  };

  const run = async (action: () => Promise<unknown>, failure: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      changed();
      return true;
    } catch {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const toggleMute = () => run(() => setChatMuted(chat.id, !chat.muted), t("messages.actionFailed"));
  const confirm = async () => {
    if (!confirming) return;
    if (confirming.kind === "block" && otherId) {
      if (await run(() => blockMember(otherId), t("messages.actionFailed"))) setConfirming(null);
    } else if (confirming.kind === "remove") {
      const id = confirming.message.id;
      const ok = await run(async () => {
        const m = await removeMessage(chat.id, id);
        setItems((list) => list?.map((x) => (x.id === m.id ? m : x)) ?? list);
      }, t("messages.removeFailed"));
      if (ok) setConfirming(null);
    }
  };

  return (
    <Stack gap="sm" style={{ minHeight: 0, flex: 1 }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <ActionIcon variant="subtle" color="gray" hiddenFrom="sm" onClick={onBack} aria-label={t("messages.back")}>
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text fw={600} component="h2" size="lg" truncate>
                {chat.title}
              </Text>
              {chat.muted ? (
                <IconBellOff size={16} aria-label={t("messages.mutedIcon")} role="img" color="gray" />
              ) : null}
            </Group>
            {chat.kind === "group" ? (
              <Text size="xs" c="dimmed" truncate>
                {chat.members.map((p) => p.name).join(", ")}
              </Text>
            ) : null}
          </div>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t("messages.options")} loading={busy}>
              <IconDotsVertical size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={chat.muted ? <IconBell size={16} aria-hidden /> : <IconBellOff size={16} aria-hidden />}
              onClick={toggleMute}
            >
              {chat.muted ? t("messages.unmute") : t("messages.mute")}
            </Menu.Item>
            {other && otherId ? (
              iBlocked ? (
                <Menu.Item
                  leftSection={<IconUserCheck size={16} aria-hidden />}
                  onClick={() => run(() => unblockMember(otherId), t("messages.actionFailed"))}
                >
                  {t("messages.unblock", { name: other.name })}
                </Menu.Item>
              ) : chat.blocked ? null : (
                <Menu.Item
                  color="red"
                  leftSection={<IconUserOff size={16} aria-hidden />}
                  onClick={() => setConfirming({ kind: "block" })}
                >
                  {t("messages.block", { name: other.name })}
                </Menu.Item>
              )
            ) : null}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {failed ? <Alert color="red">{t("messages.loadFailed")}</Alert> : null}
      <Stack
        gap="xs"
        style={{ overflowY: "auto", maxHeight: "60vh", minHeight: "8rem" }}
        aria-live="polite"
        data-testid="chat-history"
      >
        {older ? (
          <Button variant="subtle" size="xs" onClick={loadOlder}>
            {t("messages.older")}
          </Button>
        ) : null}
        {items && items.length === 0 ? <Text c="dimmed">{t("messages.noMessages")}</Text> : null}
        {items?.map((m) => {
          const mine = m.author.user_id === me;
          return (
            <Paper
              key={m.id}
              p="xs"
              withBorder
              style={{ alignSelf: mine ? "flex-end" : "flex-start", maxWidth: "85%" }}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {m.author.name} · {new Date(m.created_at).toLocaleTimeString()}
                </Text>
                {!m.removed && (mine || isManager) ? (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t("messages.remove")}
                    onClick={() => setConfirming({ kind: "remove", message: m })}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              {m.removed ? (
                <Text fs="italic" c="dimmed">
                  {t("messages.removed")}
                </Text>
              ) : m.body ? (
                <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
              ) : null}
              {m.attachments.length ? (
                <Stack gap={4} mt={4}>
                  {m.attachments.map((a) =>
                    a.mime.startsWith("image/") ? (
                      <a key={a.id} href={a.url} target="_blank" rel="noopener noreferrer">
                        <img
                          src={a.mime === "image/svg+xml" ? a.url : `${a.url}?w=640`}
                          alt={a.filename}
                          loading="lazy"
                          style={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 4 }}
                        />
                      </a>
                    ) : (
                      <Anchor
                        key={a.id}
                        href={a.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        style={{ overflowWrap: "anywhere" }}
                      >
                        <IconPaperclip size={14} aria-hidden style={{ verticalAlign: "middle" }} /> {a.filename}
                      </Anchor>
                    ),
                  )}
                </Stack>
              ) : null}
            </Paper>
          );
        })}
        <div ref={bottom} />
      </Stack>
      {chat.blocked ? (
        <Alert color="yellow">
          {iBlocked && other ? t("messages.youBlocked", { name: other.name }) : t("messages.blocked")}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      {files.length ? (
        <Group gap={6} role="group" aria-label={t("messages.attachments")}>
          {files.map((f) => (
            <Pill
              key={f.id}
              withRemoveButton
              onRemove={() => setFiles((list) => list.filter((x) => x.id !== f.id))}
              removeButtonProps={{ "aria-label": t("messages.detach", { name: f.filename }) }}
            >
              {f.filename}
            </Pill>
          ))}
        </Group>
      ) : null}
      <Group align="flex-end" wrap="nowrap" gap="xs">
        {canAttach ? (
          <ActionIcon
            variant="default"
            size="lg"
            mb={2}
            aria-label={t("messages.attach")}
            disabled={chat.blocked || files.length >= MESSAGE_ATTACHMENTS_MAX}
            onClick={() => setLibrary(true)}
          >
            <IconPaperclip size={18} aria-hidden />
          </ActionIcon>
        ) : null}
        <Textarea
          style={{ flex: 1 }}
          label={t("messages.compose")}
          value={draft}
          maxLength={4000}
          autosize
          minRows={1}
          maxRows={6}
          disabled={chat.blocked}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void send();
            }
          }}
        />
        <Button onClick={send} loading={sending} disabled={!canSend}>
          {t("messages.send")}
        </Button>
      </Group>
      {canAttach ? <MediaLibraryDialog opened={library} onClose={() => setLibrary(false)} onPick={attach} /> : null}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={asking?.kind === "block" ? t("messages.blockTitle", { name: other?.name ?? "" }) : t("messages.remove")}
      >
        <Stack>
          <Text>
            {asking?.kind === "block"
              ? t("messages.blockConfirm", { name: other?.name ?? "" })
              : t("messages.removeConfirm")}
          </Text>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t("common.cancel")}
            </Button>
            <Button color="red" onClick={confirm} loading={busy}>
              {asking?.kind === "block" ? t("messages.blockAction") : t("messages.removeAction")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

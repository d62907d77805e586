import { Alert, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { CHAT_EVENT } from "../../hooks/use-realtime";
import { useTranslation } from "../../i18n/use-translation";
import {
  CHATS_CHANGED,
  type Chat,
  type ChatMessage,
  listMessages,
  markChatRead,
  sendMessage,
} from "../../lib/chats-client";

/** One chat: its history (older pages on demand), live messages, and the composer. Opening it marks it read. */
export function Conversation({ chat, me }: { chat: Chat; me: string }) {
  const { t } = useTranslation();
  const [items, setItems] = useState<ChatMessage[] | null>(null);
  const [older, setOlder] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  const read = useCallback(() => {
    markChatRead(chat.id)
      .then(() => window.dispatchEvent(new Event(CHATS_CHANGED)))
      .catch(() => undefined);
  }, [chat.id]);

  useEffect(() => {
    setItems(null);
    setFailed(false);
    listMessages(chat.id)
      .then((page) => {
        setItems(page.items);
        setOlder(page.next_before);
        read();
      })
      .catch(() => setFailed(true));
  }, [chat.id, read]);

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

  const send = async () => {
    if (!draft.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const m = await sendMessage(chat.id, draft, []);
      setItems((list) => (list && !list.some((x) => x.id === m.id) ? [...list, m] : list));
      setDraft("");
    } catch (err) {
      setError((err as Error).message || t("messages.sendFailed"));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" style={{ minHeight: 0, flex: 1 }}>
      <Text fw={600} component="h2" size="lg">
        {chat.title}
      </Text>
      {failed ? <Alert color="red">{t("messages.loadFailed")}</Alert> : null}
      <Stack gap="xs" style={{ overflowY: "auto", maxHeight: "60vh" }} aria-live="polite" data-testid="chat-history">
        {older ? (
          <Button variant="subtle" size="xs" onClick={loadOlder}>
            {t("messages.older")}
          </Button>
        ) : null}
        {items && items.length === 0 ? <Text c="dimmed">{t("messages.noMessages")}</Text> : null}
        {items?.map((m) => (
          <Paper
            key={m.id}
            p="xs"
            withBorder
            style={{ alignSelf: m.author.user_id === me ? "flex-end" : "flex-start", maxWidth: "85%" }}
          >
            <Text size="xs" c="dimmed">
              {m.author.name} · {new Date(m.created_at).toLocaleTimeString()}
            </Text>
            {m.removed ? (
              <Text fs="italic" c="dimmed">
                {t("messages.removed")}
              </Text>
            ) : (
              <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{m.body}</Text>
            )}
            {m.attachments.map((a) => (
              <a key={a.id} href={a.url} target="_blank" rel="noopener noreferrer">
                {a.filename}
              </a>
            ))}
          </Paper>
        ))}
        <div ref={bottom} />
      </Stack>
      {chat.blocked ? <Alert color="yellow">{t("messages.blocked")}</Alert> : null}
      {error ? <Alert color="red">{error}</Alert> : null}
      <Group align="flex-end" wrap="nowrap">
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
        <Button onClick={send} loading={sending} disabled={chat.blocked || !draft.trim()}>
          {t("messages.send")}
        </Button>
      </Group>
    </Stack>
  );
}

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pill,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CHAT_MEMBERS_MAX, CHAT_TITLE_MAX } from "../../../core/chat";
import { useTranslation } from "../../i18n/use-translation";
import { ApiError } from "../../lib/api";
import { type Chat, type ChatContact, openChat, searchPeople } from "../../lib/chats-client";
import { planRefusal } from "../../lib/plan-limit";
import { SEARCH_DEBOUNCE_MS } from "../../lib/site-search";

type Found = { q: string; items: ChatContact[]; next: number | null };

/**
 * Starts a conversation: the member searches this site's people by name (the server offers only
 * those they may message) and ticks one — the direct chat with them, the existing one if there is
 * one — or several, which makes a group conversation that needs a title.
 */
export function NewChatDialog({
  opened,
  onClose,
  onOpened,
  canUpgrade,
}: {
  opened: boolean;
  onClose: () => void;
  onOpened: (chat: Chat) => void;
  /** A manager of the site is shown where the plan's limit is raised. */
  canUpgrade: boolean;
}) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [debounced] = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const [found, setFound] = useState<Found | null>(null);
  const [searchFailed, setSearchFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [picked, setPicked] = useState<ChatContact[]>([]);
  const [title, setTitle] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; upgrade?: string } | null>(null);

  useEffect(() => {
    if (!opened) return;
    const ctrl = new AbortController();
    setSearchFailed(false);
    searchPeople(debounced, 1, ctrl.signal)
      .then((page) => setFound({ q: debounced, items: page.items, next: page.next_page }))
      .catch((err) => {
        if ((err as Error).name !== "AbortError") setSearchFailed(true);
      });
    return () => ctrl.abort();
  }, [opened, debounced]);

  useEffect(() => {
    if (opened) return;
    setTerm("");
    setPicked([]);
    setTitle("");
    setError(null);
    setFound(null);
  }, [opened]);

  const more = async () => {
    if (!found?.next) return;
    setLoadingMore(true);
    try {
      const page = await searchPeople(found.q, found.next);
      setFound({ q: found.q, items: [...found.items, ...page.items], next: page.next_page });
    } catch {
      setSearchFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  const isPicked = (p: ChatContact) => picked.some((x) => x.user_id === p.user_id);
  const toggle = (p: ChatContact) => {
    setError(null);
    setPicked((list) =>
      list.some((x) => x.user_id === p.user_id)
        ? list.filter((x) => x.user_id !== p.user_id)
        : list.length < CHAT_MEMBERS_MAX - 1
          ? [...list, p]
          : list,
    );
  };

  const group = picked.length > 1;
  const start = async () => {
    if (!picked.length || (group && !title.trim()) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const chat = await openChat(
        picked.map((p) => p.user_id),
        group ? title.trim() : undefined,
      );
      onOpened(chat);
    } catch (err) {
      const refusal = err instanceof ApiError ? planRefusal(t, err) : null;
      if (refusal) setError(canUpgrade ? refusal : { text: refusal.text });
      else if (err instanceof ApiError && (err.details as { reason?: string } | undefined)?.reason === "blocked")
        setError({ text: t("messages.new.blocked") });
      else setError({ text: t("messages.new.failed") });
    } finally {
      setBusy(false);
    }
  };

  const searching = found === null || found.q !== debounced || term.trim() !== debounced;
  return (
    <Modal opened={opened} onClose={onClose} title={t("messages.new.title")} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void start();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("messages.new.search")}
            description={t("messages.new.searchHint")}
            type="search"
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={searching && !searchFailed ? <Loader size="xs" aria-hidden /> : null}
            data-autofocus
          />
          {picked.length ? (
            <Group gap={6} aria-label={t("messages.new.picked")} role="group">
              {picked.map((p) => (
                <Pill
                  key={p.user_id}
                  withRemoveButton
                  onRemove={() => toggle(p)}
                  removeButtonProps={{ "aria-label": t("messages.new.unpick", { name: p.name }) }}
                >
                  {p.name}
                </Pill>
              ))}
            </Group>
          ) : null}
          {searchFailed ? (
            <Alert color="red" role="alert">
              {t("messages.new.searchFailed")}
            </Alert>
          ) : found === null ? (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label={t("messages.new.searching")} />
            </Group>
          ) : found.items.length === 0 ? (
            <Text c="dimmed" ta="center" py="md">
              {found.q ? t("messages.new.noMatch") : t("messages.new.nobody")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={280} type="auto">
              <Stack
                gap={8}
                component="ul"
                aria-label={t("messages.new.results")}
                style={{ listStyle: "none", margin: 0, padding: 0 }}
              >
                {found.items.map((p) => (
                  <li key={p.user_id}>
                    <Checkbox label={p.name} description={p.email} checked={isPicked(p)} onChange={() => toggle(p)} />
                  </li>
                ))}
              </Stack>
              {found.next ? (
                <Button variant="subtle" size="xs" mt="xs" onClick={more} loading={loadingMore}>
                  {t("messages.new.more")}
                </Button>
              ) : null}
            </ScrollArea.Autosize>
          )}
          {group ? (
            <TextInput
              label={t("messages.new.groupTitle")}
              description={t("messages.new.groupHint", { people: picked.length + 1 })}
              value={title}
              maxLength={CHAT_TITLE_MAX}
              required
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error.text}
              {error.upgrade ? (
                <>
                  {" "}
                  <Anchor component={Link} to={error.upgrade}>
                    {t("plan.upgrade")}
                  </Anchor>
                </>
              ) : null}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={!picked.length || (group && !title.trim())}>
              {group ? t("messages.new.startGroup") : t("messages.new.start")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Badge, Box, Button, Group, Loader, NavLink, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconBellOff, IconMessagePlus } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Conversation } from "../../components/messages/conversation";
import { NewChatDialog } from "../../components/messages/new-chat-dialog";
import { messagePreviewText } from "../../components/messages/preview";
import { CHAT_EVENT } from "../../hooks/use-realtime";
import { useTranslation } from "../../i18n/use-translation";
import { type Chat, CHATS_CHANGED, type ChatList, getChat, listChats } from "../../lib/chats-client";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/messages";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The member's messages (spec §2 /dashboard/messages, optional ?chat_id=). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !context.user) throw new Response("Not found", { status: 404 });
  const isManager = context.can("manage_options");
  return {
    title: pageTitle(translatorFor(context, request), "messages.title", context.site.settings.sitetitle),
    me: context.user.id,
    isManager,
    // The media library is kept by the site's managers; they attach its files.
    canAttach: isManager,
  };
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<ChatList | null>(null);
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  // A chat just opened from the dialog, shown until the list has it.
  const [fresh, setFresh] = useState<Chat | null>(null);
  const chatId = params.get("chat_id");

  const refresh = useCallback(() => {
    listChats()
      .then((l) => {
        setList(l);
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, []);
  useEffect(() => {
    refresh();
    window.addEventListener(CHAT_EVENT, refresh);
    window.addEventListener(CHATS_CHANGED, refresh);
    return () => {
      window.removeEventListener(CHAT_EVENT, refresh);
      window.removeEventListener(CHATS_CHANGED, refresh);
    };
  }, [refresh]);

  // A chat further back than the list reaches (a link to it) is read on its own.
  const inList = Boolean(list?.items.some((c) => c.id === chatId));
  useEffect(() => {
    if (!list || !chatId || inList) return;
    let live = true;
    getChat(chatId)
      .then((c) => live && setFresh(c))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [list, chatId, inList]);

  const selected = list?.items.find((c) => c.id === chatId) ?? (fresh?.id === chatId ? fresh : null);
  const newButton = (
    <Button leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setStarting(true)}>
      {t("messages.new.open")}
    </Button>
  );

  return (
    <Stack className="page" gap="md">
      <div className="page-heading" style={{ marginBottom: 0 }}>
        <h1>{t("messages.title")}</h1>
        {list?.items.length ? newButton : null}
      </div>
      {failed ? (
        <Alert color="red" role="alert">
          {t("messages.loadFailed")}
        </Alert>
      ) : null}
      {list === null && !failed ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label={t("messages.loading")} />
        </Group>
      ) : null}
      {list && list.items.length === 0 && !selected ? (
        <Stack align="flex-start" gap="sm">
          <Text c="dimmed">{t("messages.empty")}</Text>
          {newButton}
        </Stack>
      ) : null}
      {list && (list.items.length > 0 || selected) ? (
        <Group align="flex-start" wrap="nowrap" gap="lg">
          {/* On a phone one pane at a time: the list, or the open conversation. */}
          <Box
            component="nav"
            aria-label={t("messages.chats")}
            display={{ base: selected ? "none" : "block", sm: "block" }}
            style={{ flex: "1 1 16rem", maxWidth: "22rem", minWidth: 0 }}
          >
            {list.items.map((c) => (
              <NavLink
                key={c.id}
                component="button"
                type="button"
                active={c.id === chatId}
                aria-current={c.id === chatId ? "true" : undefined}
                label={
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" truncate>
                      {c.title}
                    </Text>
                    {c.muted ? (
                      <IconBellOff
                        size={14}
                        role="img"
                        aria-label={t("messages.mutedIcon")}
                        style={{ flexShrink: 0 }}
                      />
                    ) : null}
                  </Group>
                }
                description={
                  <Text size="xs" c="dimmed" truncate>
                    {messagePreviewText(t, c.last_message)}
                  </Text>
                }
                rightSection={
                  c.unread ? (
                    <Badge size="sm">
                      <span aria-hidden>{c.unread}</span>
                      <VisuallyHidden>{t("messages.unread", { count: c.unread })}</VisuallyHidden>
                    </Badge>
                  ) : null
                }
                onClick={() => setParams({ chat_id: c.id })}
              />
            ))}
          </Box>
          <Box display={{ base: selected ? "flex" : "none", sm: "flex" }} style={{ flex: "3 1 20rem", minWidth: 0 }}>
            {selected ? (
              <Conversation
                chat={selected}
                me={loaderData.me}
                isManager={loaderData.isManager}
                canAttach={loaderData.canAttach}
                onBack={() => setParams({})}
              />
            ) : (
              <Text c="dimmed">{t("messages.pick")}</Text>
            )}
          </Box>
        </Group>
      ) : null}
      <NewChatDialog
        opened={starting}
        onClose={() => setStarting(false)}
        canUpgrade={loaderData.isManager}
        onOpened={(chat) => {
          setStarting(false);
          setFresh(chat);
          setParams({ chat_id: chat.id });
          window.dispatchEvent(new Event(CHATS_CHANGED));
        }}
      />
    </Stack>
  );
}

import { Alert, Badge, Group, NavLink, Stack, Text, Title } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Conversation } from "../../components/messages/conversation";
import { CHAT_EVENT } from "../../hooks/use-realtime";
import { useTranslation } from "../../i18n/use-translation";
import { CHATS_CHANGED, type ChatList, listChats } from "../../lib/chats-client";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/messages";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The member's messages (spec §2 /dashboard/messages, optional ?chat_id=). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !context.user) throw new Response("Not found", { status: 404 });
  return {
    title: pageTitle(translatorFor(context, request), "messages.title", context.site.settings.sitetitle),
    me: context.user.id,
  };
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [list, setList] = useState<ChatList | null>(null);
  const [failed, setFailed] = useState(false);
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

  const selected = list?.items.find((c) => c.id === chatId) ?? null;
  return (
    <Stack>
      <Title order={1}>{t("messages.title")}</Title>
      {failed ? <Alert color="red">{t("messages.loadFailed")}</Alert> : null}
      {list && list.items.length === 0 ? <Text c="dimmed">{t("messages.empty")}</Text> : null}
      <Group align="flex-start" wrap="wrap" gap="lg">
        <nav aria-label={t("messages.chats")} style={{ flex: "1 1 16rem", maxWidth: "22rem" }}>
          {list?.items.map((c) => (
            <NavLink
              key={c.id}
              active={c.id === chatId}
              label={c.title}
              description={c.last_message?.removed ? t("messages.removed") : (c.last_message?.body ?? "")}
              rightSection={
                c.unread ? (
                  <Badge size="sm" aria-label={t("messages.unread", { count: c.unread })}>
                    {c.unread}
                  </Badge>
                ) : null
              }
              onClick={() => setParams({ chat_id: c.id })}
            />
          ))}
        </nav>
        <div style={{ flex: "3 1 20rem", minWidth: 0, display: "flex" }}>
          {selected ? (
            <Conversation chat={selected} me={loaderData.me} />
          ) : list?.items.length ? (
            <Text c="dimmed">{t("messages.pick")}</Text>
          ) : null}
        </div>
      </Group>
    </Stack>
  );
}

import { Indicator, Menu, ScrollArea } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { CHAT_EVENT } from "../hooks/use-realtime";
import { useTranslation } from "../i18n/use-translation";
import { CHATS_CHANGED, type ChatList, listChats, markChatRead } from "../lib/chats-client";
import { messagePreviewText } from "./messages/preview";

/**
 * The top bar's chat dropdown (spec §4): the latest chats with the unread badge, kept live by the
 * realtime socket; opening it marks the chat notifications read.
 */
export function ChatMenu({ href, onOpen }: { href: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<ChatList | null>(null);
  const refresh = useCallback(() => {
    listChats(6)
      .then(setList)
      .catch(() => undefined);
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
  // Opening the dropdown marks the chats it shows read (spec §4), and their chat notifications.
  const open = () => {
    onOpen();
    const unreadChats = (list?.items ?? []).filter((c) => c.unread > 0);
    if (!unreadChats.length) return;
    void Promise.all(unreadChats.map((c) => markChatRead(c.id).catch(() => undefined))).then(() =>
      window.dispatchEvent(new Event(CHATS_CHANGED)),
    );
  };
  const unread = list?.unread ?? 0;
  // The name says the very count the badge shows (see NotificationBell).
  const badge = unread > 99 ? "99+" : String(unread);
  return (
    <Menu position="bottom-end" width={320} onOpen={open}>
      <Menu.Target>
        <button type="button" className="icon-button" aria-label={t("chat.title", { count: unread, shown: badge })}>
          <Indicator disabled={unread === 0} label={badge} size={16} offset={4} color="teal">
            <IconMessageCircle size={20} aria-hidden />
          </Indicator>
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("messages.latest")}</Menu.Label>
        {!list || list.items.length === 0 ? (
          <p className="menu-empty">{t("chat.empty")}</p>
        ) : (
          <ScrollArea.Autosize mah={320} type="auto">
            {list.items.map((c) => (
              <Menu.Item key={c.id} component={Link} to={`${href}?chat_id=${c.id}`}>
                <strong>{c.title}</strong>
                {c.unread ? ` (${c.unread})` : ""}
                <br />
                <small>{messagePreviewText(t, c.last_message)}</small>
              </Menu.Item>
            ))}
          </ScrollArea.Autosize>
        )}
        <Menu.Item component={Link} to={href}>
          {t("messages.openAll")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

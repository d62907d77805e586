import { useCallback, useEffect, useState } from "react";
import { type Inbox, fetchInbox, markAllRead, markRead, withRead } from "../lib/notifications";

/**
 * The bell's and the chat dropdown's notifications: what the page was rendered with, refreshed on demand (a realtime
 * `notification` broadcast) and changed optimistically when marked read.
 */
export function useInbox(initial: Inbox | null) {
  const [inbox, setInbox] = useState<Inbox | null>(initial);
  useEffect(() => setInbox(initial), [initial]);

  const refresh = useCallback(() => {
    fetchInbox()
      .then(setInbox)
      .catch(() => undefined);
  }, []);

  const read = useCallback(async (id: string) => {
    setInbox((current) => (current ? { ...current, bell: withRead(current.bell, (i) => i.id === id) } : current));
    await markRead(id).catch(() => undefined);
  }, []);

  const readAllChat = useCallback(async () => {
    setInbox((current) => (current ? { ...current, chat: withRead(current.chat, () => true) } : current));
    await markAllRead("chat").catch(() => undefined);
  }, []);

  return { inbox, refresh, read, readAllChat };
}

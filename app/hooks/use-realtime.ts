import { useEffect, useRef, useState } from "react";
import {
  browserName,
  type DeviceInfo,
  deviceTypeFor,
  type OnlineMember,
  parseRealtimeMessage,
  reconnectDelay,
  ZPresenceSnapshot,
} from "../../core/presence-shapes";
import { api } from "../lib/api";

const DEVICE_KEY = "device_id";
/** The window event a chat frame of the realtime socket is re-dispatched as (detail: the frame). */
export const CHAT_EVENT = "atrium:chat";
/** Attempts without ever connecting after which the socket is left alone (the server has none). */
const GIVE_UP_AFTER = 6;

function deviceId(): string {
  try {
    let id = window.localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      window.localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

function describeDevice(): DeviceInfo {
  const ua = navigator.userAgent;
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } };
  return {
    device_id: deviceId(),
    browser: browserName(ua),
    platform: nav.userAgentData?.platform || navigator.platform || "unknown",
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    deviceType: deviceTypeFor(window.screen.width, ua),
  };
}

export type Presence = { online: OnlineMember[]; count: number } | null;

/**
 * The site's realtime channel (spec §3, §7): announces this device, keeps the list of online
 * members and calls `onNotification` when the server says there is something new. Reconnects with
 * backoff (min(1000 × 2^n, 30000) ms); if the server has no realtime endpoint it stops trying and
 * presence stays unknown (null), which the UI shows as nothing.
 */
export function useRealtime(enabled: boolean, onNotification: () => void): Presence {
  const [presence, setPresence] = useState<Presence>(null);
  const notify = useRef(onNotification);
  notify.current = onNotification;

  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    let socket: WebSocket | null = null;
    let timer: number | undefined;
    let attempt = 0;
    let everOpened = false;

    api<unknown>("GET", "/api/v1/presence")
      .then((body) => {
        const snapshot = ZPresenceSnapshot.safeParse(body);
        if (!closed && snapshot.success) setPresence(snapshot.data);
      })
      .catch(() => undefined);

    const connect = () => {
      if (closed) return;
      const scheme = window.location.protocol === "https:" ? "wss" : "ws";
      try {
        socket = new WebSocket(`${scheme}://${window.location.host}/api/realtime`);
      } catch {
        return;
      }
      socket.onopen = () => {
        everOpened = true;
        attempt = 0;
        socket?.send(JSON.stringify({ type: "presence", device: describeDevice() }));
      };
      socket.onmessage = (event) => {
        const message = parseRealtimeMessage(event.data);
        if (message?.type === "presence") setPresence({ online: message.online, count: message.count });
        if (message?.type === "notification") notify.current();
        // The messages screen and the top bar's chat dropdown listen for chat frames on the window.
        if (message?.type === "chat") window.dispatchEvent(new CustomEvent(CHAT_EVENT, { detail: message }));
      };
      socket.onclose = () => {
        socket = null;
        if (closed) return;
        if (!everOpened && attempt >= GIVE_UP_AFTER) return;
        timer = window.setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();

    return () => {
      closed = true;
      window.clearTimeout(timer);
      socket?.close();
    };
  }, [enabled]);

  return presence;
}

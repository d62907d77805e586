// The browser's side of /api/v1/chats: the member's chats and a chat's messages.
import { api } from "./api";

export type ChatPerson = { user_id: string; name: string };
export type ChatMessage = {
  id: string;
  chat_id: string;
  author: ChatPerson;
  body: string | null;
  attachments: { id: string; url: string; filename: string; mime: string }[];
  removed: boolean;
  created_at: string;
};
export type Chat = {
  id: string;
  kind: "direct" | "group";
  title: string;
  members: ChatPerson[];
  last_message: ChatMessage | null;
  unread: number;
  blocked: boolean;
};
export type ChatList = { items: Chat[]; unread: number; unread_chats: number };

export const listChats = (limit = 50) => api<ChatList>("GET", `/api/v1/chats?limit=${limit}`);
export const listMessages = (chatId: string, before?: string) =>
  api<{ items: ChatMessage[]; next_before: string | null }>(
    "GET",
    `/api/v1/chats/${chatId}/messages?limit=30${before ? `&before=${before}` : ""}`,
  );
export const sendMessage = (chatId: string, body: string, attachments: string[]) =>
  api<ChatMessage>("POST", `/api/v1/chats/${chatId}/messages`, { body, attachments });
export const markChatRead = (chatId: string) => api<{ unread: number }>("POST", `/api/v1/chats/${chatId}/read`);
export const removeMessage = (chatId: string, id: string) =>
  api<ChatMessage>("DELETE", `/api/v1/chats/${chatId}/messages/${id}`);

/** Told on the window when this page changed the member's unread counts (the top bar re-reads them). */
export const CHATS_CHANGED = "atrium:chats-changed";

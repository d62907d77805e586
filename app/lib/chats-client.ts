// The browser's side of /api/v1/chats: the member's chats, a chat's messages, muting, blocks and
// the people a member may start a chat with.
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
  muted: boolean;
  blocked: boolean;
};
/** Someone the member may message; the e-mail address only for managers of the site. */
export type ChatContact = { user_id: string; name: string; email?: string };
export type ChatList = { items: Chat[]; unread: number; unread_chats: number };

export const getChat = (chatId: string) => api<Chat>("GET", `/api/v1/chats/${chatId}`);
export const openChat = (memberIds: string[], title?: string) =>
  api<Chat>("POST", "/api/v1/chats", title ? { member_ids: memberIds, title } : { member_ids: memberIds });
export const setChatMuted = (chatId: string, muted: boolean) =>
  api<Chat>("PATCH", `/api/v1/chats/${chatId}`, { muted });
export const blockMember = (userId: string) => api<null>("PUT", `/api/v1/chat-blocks/${userId}`);
export const listBlocks = () => api<{ items: ChatPerson[] }>("GET", "/api/v1/chat-blocks");
export const unblockMember = (userId: string) => api<null>("DELETE", `/api/v1/chat-blocks/${userId}`);
export const searchPeople = (q: string, page = 1, signal?: AbortSignal) =>
  api<{ items: ChatContact[]; next_page: number | null }>(
    "GET",
    `/api/v1/chat-people?per_page=20&page=${page}${q ? `&q=${encodeURIComponent(q)}` : ""}`,
    undefined,
    signal,
  );
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

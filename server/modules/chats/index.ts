// Messages between a site's members (spec §2 /dashboard/messages): direct and group chats, their
// messages, read marks, blocks, and the bus topic that carries new messages to open pages.
export { blockService } from "./blocks";
export { type ChatActor, chatService, syncGroupChat } from "./chats";
export { CHAT_TOPIC, type ChatEvent, messageService, unreadTotal } from "./messages";
export type { ChatPerson, ChatView, MessageAttachment, MessageView } from "./views";

// Messages between a site's members (spec §2 /dashboard/messages): direct and group chats, their
// messages, read marks, blocks, the people a member may start a chat with, and the bus topic that
// carries new messages to open pages.
export { blockService } from "./blocks";
export { type ChatActor, chatService, syncGroupChat } from "./chats";
export { CHAT_TOPIC, type ChatEvent, messageService, unreadTotal } from "./messages";
export { type ChatContact, PEOPLE_PAGE_MAX, peopleService } from "./people";
export type { ChatPerson, ChatView, MessageAttachment, MessageView } from "./views";

import type { TFunction } from "../../i18n";
import type { ChatMessage } from "../../lib/chats-client";

/** What a chat list shows of its latest message: the text, "Message removed", or its first file. */
export function messagePreviewText(t: TFunction, m: ChatMessage | null): string {
  if (!m) return "";
  if (m.removed) return t("messages.removed");
  if (m.body) return m.body;
  return m.attachments.length ? t("messages.attachmentPreview", { name: m.attachments[0].filename }) : "";
}

// The Message-ID of an outbox row. It is fixed when the row is written, so the copy an SMTP server
// accepted just before a crash and the copy sent again afterwards are recognisably one message.

/** The domain of a sender such as `School <school@example.org>`, or null when there is none. */
export function senderDomain(from: string): string | null {
  const address = from.match(/<([^>]*)>/)?.[1] ?? from;
  const domain = address.split("@")[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : null;
}

/** `<row id@sender's domain>`: unique (the id is a UUID) and under the sender's own domain. */
export function messageIdFor(id: string, from: string): string {
  return `<${id}@${senderDomain(from) ?? "atrium.localhost"}>`;
}

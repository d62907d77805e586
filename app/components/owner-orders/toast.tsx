import { Notification } from "@mantine/core";
import { useEffect, useState } from "react";

/** A short message in a corner after an action (read out by screen readers), closable. */
export function Toast({ message, color, stamp }: { message: string | null; color: "green" | "red"; stamp: unknown }) {
  const [open, setOpen] = useState(Boolean(message));
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new result (stamp) shows the toast again
  useEffect(() => setOpen(Boolean(message)), [message, stamp]);
  if (!open || !message) return null;
  return (
    <div
      role="status"
      style={{ position: "fixed", insetInlineEnd: 16, bottom: 16, zIndex: 400, maxWidth: "calc(100vw - 32px)" }}
    >
      <Notification color={color} onClose={() => setOpen(false)} withBorder>
        {message}
      </Notification>
    </div>
  );
}

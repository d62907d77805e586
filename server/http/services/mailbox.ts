// What the staff mailbox screen calls: every site's e-mail, and sending a failed message again.
// Only platform staff on the platform's own host get anything; to anyone else a message id does
// not exist.
import type { Context } from "hono";
import { notAuthenticated, notFound, requireUuid } from "../../errors";
import { type MailStatus, mail } from "../../modules/mail";
import type { AppEnv } from "../env";

export const MAILBOX_PAGE_SIZE = 50;

export function mailboxServices(c: Context<AppEnv>) {
  const db = c.get("platform").database.db;
  const isStaff = Boolean(c.get("user") && c.get("isStaff") && c.get("site").isPlatform);
  const staff = () => {
    if (!c.get("user")) throw notAuthenticated();
    if (!isStaff) throw notFound("Message");
  };
  return {
    mail: {
      isStaff,
      recent: (page = 1, status: MailStatus | null = null) => {
        staff();
        return mail.listAll(db, page, MAILBOX_PAGE_SIZE, status);
      },
      transport: () => mail.transportKind(db),
      resend: (id: string) => {
        staff();
        const user = c.get("user")!;
        return mail.resend(db, requireUuid(id, "Message"), { userId: user.id, email: user.email });
      },
    },
  };
}

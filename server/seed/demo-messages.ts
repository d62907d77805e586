// The demo site's conversation, so Messages and the top bar's chat menu have something to show: the
// student asks the instructor about the wheel course and gets an answer; the last message is unread
// for the student.
import type { Db } from "../db/client";
import type { SiteAccount } from "../modules/accounts";
import { chatService, messageService } from "../modules/chats";
import type { BuiltUser } from "./builders";

export async function seedDemoMessages(db: Db, site: SiteAccount, student: BuiltUser, instructor: BuiltUser) {
  const asStudent = { accountId: site.accountId, userId: student.id };
  const asInstructor = { accountId: site.accountId, userId: instructor.id };
  const { chat } = await chatService.open(db, site, asStudent, { member_ids: [instructor.id] });
  await messageService.send(db, asStudent, chat.id, {
    body: "Hi Ivan! My clay keeps wobbling when I try to center it. Any tips before Thursday's class?",
  });
  await messageService.send(db, asInstructor, chat.id, {
    body: "Hi Sara, brace your left elbow against your thigh and use more water. The centering unit shows it at 2:10.",
  });
  await messageService.send(db, asInstructor, chat.id, { body: "Bring your questions on Thursday, too." });
}

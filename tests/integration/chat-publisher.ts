// Run as a separate process by the chats test on PostgreSQL: another web process in which a member
// sends a message, announced on the bus. Arguments: database url, account id, author user id, chat id.
import { openDatabase } from "../../server/db/client";
import { messageService } from "../../server/modules/chats";
import { bus } from "../../server/realtime/bus";

const [url, accountId, authorId, chatId] = process.argv.slice(2);
const database = await openDatabase({ url, poolSize: 2 });
const stop = await bus.connect(url);
await messageService.send(database.db, { accountId, userId: authorId }, chatId, { body: "From another process" });
await stop();
await database.close();

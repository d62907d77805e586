// Run as a separate process by the page-cache test on PostgreSQL: another web process revalidates
// one page of a site (e.g. its owner pressed "clear page cache" there).
// Arguments: database url, account id, path.
import { pageCache } from "../../server/modules/page-cache";
import { bus } from "../../server/realtime/bus";

const [url, accountId, path] = process.argv.slice(2);
const stop = await bus.connect(url);
await pageCache.invalidatePath(accountId, path);
await stop();

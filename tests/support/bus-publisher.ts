// Run as a separate process by the cross-process test: joins the change bus of a PostgreSQL
// database and announces that an account changed, as another web process would.
import { bus } from "../../server/realtime/bus";

const [url, accountId] = process.argv.slice(2);
const stop = await bus.connect(url);
await bus.publish("account_changed", accountId);
await stop();

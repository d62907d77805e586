// The platform in a Node process of its own, configured by its environment exactly as a deployed
// web process is. Tests that must see the process survive (or die) start it through
// child-server.ts. It prints one line, {"port": n}, once it listens.
import { loadConfig } from "../../server/config";
import { start } from "../../server/main";

const running = await start(loadConfig(process.env, process.argv), { quiet: true });
process.stdout.write(`${JSON.stringify({ port: running.port })}\n`);
const stop = async () => {
  await running.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

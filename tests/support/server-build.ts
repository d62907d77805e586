// The React Router server build of this checkout (`npm run build`), for integration tests that
// render real pages; they are skipped when it has not been built.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const SERVER_BUILD = resolve("build/server/index.js");

export const serverBuildExists = () => existsSync(SERVER_BUILD);

export const loadServerBuild = async () => (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;

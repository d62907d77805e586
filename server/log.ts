// Operational messages (a lost connection, its recovery) at the level LOG_LEVEL asks for.
import type { Config } from "./config";

export type Log = { info(message: string): void; warn(message: string): void };

const ORDER = ["debug", "info", "warn", "error", "silent"] as const;
const quiet = () => undefined;

export function logFor(level: Config["logLevel"]): Log {
  const at = ORDER.indexOf(level);
  return {
    info: at <= ORDER.indexOf("info") ? (m) => console.info(m) : quiet,
    warn: at <= ORDER.indexOf("warn") ? (m) => console.warn(m) : quiet,
  };
}

/** Before the configuration is known, and for scripts: everything goes to the console. */
export const consoleLog: Log = { info: (m) => console.info(m), warn: (m) => console.warn(m) };

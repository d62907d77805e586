// The embedded database on disk, durable: a committed transaction is on the disk before the
// commit returns, so a power cut or a kernel crash loses nothing that was committed (decision
// 0016). PGlite 0.5 starts PostgreSQL with `-F` (fsync=off) and its Node file system has no fsync
// at all: PostgreSQL's fsync() reached nothing. So fsync is wired through to the real file, WAL is
// synced with fsync() (PGlite's fdatasync() does nothing) and `-F` is dropped.
import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/** The part of Emscripten's NODEFS this file touches. */
type NodeFsOps = {
  stream_ops: { fsync?: (stream: { nfd: number }) => void };
  tryFSOperation<T>(f: () => T): T;
};

class DurableNodeFS extends NodeFS {
  async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const syncOps = (mod: { NODEFS: unknown }) => {
      const nodefs = mod.NODEFS as NodeFsOps;
      nodefs.stream_ops.fsync = (stream) => nodefs.tryFSOperation(() => fsyncSync(stream.nfd));
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [syncOps, ...(emscriptenOpts.preRun ?? [])] } };
  }
}

export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
];

/** Opens (creating if needed) a PGlite database in `dir` whose commits survive a power loss. */
export async function openDurablePglite(dir: string, options: PGliteOptions = {}): Promise<PGlite> {
  const fresh = !existsSync(join(dir, "PG_VERSION"));
  const client = new PGlite({ ...options, fs: new DurableNodeFS(dir), startParams: DURABLE_START_PARAMS });
  await client.waitReady;
  // initdb writes the new cluster through the same file system, but never syncs it.
  if (fresh) syncTree(dir);
  return client;
}

/** fsync every file and directory under `dir` (once, for a cluster that initdb just wrote). */
function syncTree(dir: string) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) syncPath(path);
  }
  syncPath(dir);
}

function syncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

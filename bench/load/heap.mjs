// What a web process's JavaScript heap holds, from a V8 heap snapshot (`--heapsnapshot-signal`,
// which collects garbage first, so every byte in it is live): the total and the bytes per kind of
// object (constructor name for objects and closures; strings, arrays, code… as one kind each), and
// what grew between two snapshots. The file is read line by line: a loaded server's snapshot is
// larger than one JavaScript string may be, and V8 writes one node, edge or string per line.
import { createReadStream, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { sleep } from "./processes.mjs";

/** Kinds that are one entry whatever their name (a string's name is its text). */
const GROUPED = new Set([
  "hidden",
  "array",
  "string",
  "code",
  "number",
  "concatenated string",
  "sliced string",
  "symbol",
  "bigint",
  "object shape",
]);

export async function summariseHeap(file) {
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let section = "meta";
  let meta = "";
  const nodes = [];
  const strings = [];
  for await (const line of lines) {
    if (section === "meta") {
      if (line.startsWith('"nodes":[')) {
        section = "nodes";
        pushNumbers(nodes, line.slice(9));
      } else meta += line;
    } else if (section === "nodes") {
      if (line.startsWith("]")) section = "other";
      else pushNumbers(nodes, line.replace(/^,/, ""));
    } else if (section === "other") {
      if (line.startsWith('"strings":[')) {
        section = "strings";
        strings.push(JSON.parse(line.slice(11).replace(/,$/, "")));
      }
    } else if (section === "strings") {
      const text = line.replace(/,$/, "").replace(/\]\}$/, "");
      if (text) strings.push(JSON.parse(text));
    }
  }
  const info = JSON.parse(`${meta.replace(/,$/, "")}}`).snapshot.meta;
  const width = info.node_fields.length;
  const at = (field) => info.node_fields.indexOf(field);
  const [TYPE, NAME, SIZE] = [at("type"), at("name"), at("self_size")];
  const types = info.node_types[0];
  const kinds = new Map();
  let total = 0;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + TYPE]];
    const size = nodes[i + SIZE];
    total += size;
    const key = GROUPED.has(type) ? `(${type})` : `${strings[nodes[i + NAME]] ?? "?"}${type === "closure" ? "()" : ""}`;
    const k = kinds.get(key);
    if (k) {
      k.count++;
      k.bytes += size;
    } else kinds.set(key, { count: 1, bytes: size });
  }
  return { file, totalBytes: total, objects: nodes.length / width, kinds };
}

function pushNumbers(into, text) {
  for (const part of text.split(",")) if (part !== "") into.push(Number(part));
}

/** The kinds that grew most from `before` to `after`, in bytes. */
export function heapGrowth(before, after, top = 12) {
  const keys = new Set([...before.kinds.keys(), ...after.kinds.keys()]);
  const rows = [];
  for (const key of keys) {
    const a = before.kinds.get(key) ?? { count: 0, bytes: 0 };
    const b = after.kinds.get(key) ?? { count: 0, bytes: 0 };
    rows.push({ kind: key, bytes: b.bytes - a.bytes, count: b.count - a.count, bytesAfter: b.bytes });
  }
  return rows
    .filter((r) => r.bytes > 0)
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top);
}

/**
 * Asks the process for a snapshot (SIGUSR2) and waits until its file in `dir` is complete (its size
 * unchanged for a second); returns the file's path, or null after `timeoutMs`.
 */
export async function takeSnapshot(pid, dir, timeoutMs = 180_000) {
  const before = new Set(readdirSync(dir));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  while (Date.now() < deadline) {
    await sleep(1000);
    const file = readdirSync(dir).find((f) => f.endsWith(".heapsnapshot") && !before.has(f) && f.includes(`.${pid}.`));
    if (!file) continue;
    const size = statSync(join(dir, file)).size;
    if (size > 0 && size === last) return join(dir, file);
    last = size;
  }
  return null;
}

const mib = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;

/**
 * Per process (`{ name: { warm, end } }`, snapshot files or null): the live heap after the warm-up
 * and at the end and what grew most, in MiB; and the same as text to print.
 */
export async function heapReport(snapshots) {
  const heap = [];
  const lines = ["Live JavaScript heap of the web processes (heap snapshots, after garbage collection):"];
  for (const [name, files] of Object.entries(snapshots)) {
    if (!files.warm || !files.end) {
      heap.push({ process: name, error: "a snapshot was not written in time" });
      lines.push(`  ${name}: a snapshot was not written in time`);
      continue;
    }
    const [warm, end] = [await summariseHeap(files.warm), await summariseHeap(files.end)];
    const grew = heapGrowth(warm, end).map((r) => ({
      kind: r.kind,
      mib: mib(r.bytes),
      objects: r.count,
      mibAtEnd: mib(r.bytesAfter),
    }));
    heap.push({
      process: name,
      warmMiB: mib(warm.totalBytes),
      endMiB: mib(end.totalBytes),
      objects: [warm.objects, end.objects],
      grew,
    });
    lines.push(
      `  ${name}: ${mib(warm.totalBytes)} MiB after the warm-up, ${mib(end.totalBytes)} MiB at the end; grew most:`,
    );
    for (const r of grew)
      lines.push(
        `    ${r.kind}: +${r.mib} MiB (${r.objects >= 0 ? "+" : ""}${r.objects} objects), ${r.mibAtEnd} MiB at the end`,
      );
  }
  return { heap, text: lines.join("\n") };
}

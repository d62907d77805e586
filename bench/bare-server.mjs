// The baseline of `npm run bench`: a bare node:http server that answers every request with exactly
// the bytes Atrium answered for one target (same status, same content-type, same body). Started by
// bench/run.mjs with fork(); it receives the response over IPC, listens on 127.0.0.1 on a free port
// and reports that port back. It stops when the parent disconnects, so it can never outlive the run.
import { createServer } from "node:http";

if (!process.send) {
  console.error("bench/bare-server.mjs is started by bench/run.mjs (npm run bench), not directly.");
  process.exit(1);
}

process.once("message", (msg) => {
  const body = Buffer.from(msg.body, "base64");
  const headers = { "content-length": String(body.length) };
  if (msg.contentType) headers["content-type"] = msg.contentType;
  const server = createServer((req, res) => {
    // Drain any request body, then answer with the recorded bytes.
    req.resume();
    res.writeHead(msg.status, headers);
    res.end(body);
  });
  server.listen(0, "127.0.0.1", () => {
    process.send({ port: server.address().port });
  });
});

// The parent went away (normal end, crash or kill): stop at once.
process.on("disconnect", () => process.exit(0));

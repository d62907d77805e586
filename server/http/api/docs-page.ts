// /api/docs: a readable reference rendered on the server from the OpenAPI document itself, so it
// can never disagree with the API and needs nothing from another host.
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  $ref?: string;
  required?: string[];
  enum?: unknown[];
  description?: string;
  format?: string;
  anyOf?: Schema[];
};
type Operation = {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
};
type Doc = {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function typeOf(s: Schema | undefined): string {
  if (!s) return "any";
  if (s.$ref) return s.$ref.split("/").pop() ?? "object";
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf) return s.anyOf.map(typeOf).join(" | ");
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "object");
  if (t === "array") return `${typeOf(s.items)}[]`;
  return s.format ? `${t} (${s.format})` : t;
}

function fields(s: Schema | undefined): string {
  if (!s?.properties) return "";
  const rows = Object.entries(s.properties)
    .map(
      ([k, v]) =>
        `<tr><td><code>${esc(k)}</code>${s.required?.includes(k) ? " *" : ""}</td><td>${esc(typeOf(v))}</td></tr>`,
    )
    .join("");
  return `<table><tr><th>field</th><th>type</th></tr>${rows}</table>`;
}

export function renderApiDocs(doc: Doc): string {
  const ops: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> (${p.in}${p.required ? ", required" : ""}): ${esc(typeOf(p.schema))}</li>`,
        )
        .join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const responses = Object.entries(op.responses ?? {})
        .map(([code, r]) => `<li><b>${code}</b> ${esc(r.description ?? "")}</li>`)
        .join("");
      ops.push(`<section id="${esc(method + path)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api/v1${esc(path)}</code></h3>
<p>${esc(op.summary ?? "")}</p>${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}${body ? `<h4>Body</h4>${fields(body.$ref ? doc.components?.schemas?.[body.$ref.split("/").pop() ?? ""] : body)}` : ""}
<h4>Responses</h4><ul>${responses}</ul></section>`);
    }
  }
  const schemas = Object.entries(doc.components?.schemas ?? {})
    .map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3>${fields(s)}</section>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title><style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1.5rem;color:#1f2430;line-height:1.5}
section{border-top:1px solid #e3e6ec;padding:.5rem 0}code{background:#f1f3f7;padding:0 .25rem;border-radius:3px}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem;padding:.1rem .4rem;border-radius:4px;color:#fff;background:#555;text-align:center}
.get{background:#2f7d32}.post{background:#1565c0}.put,.patch{background:#b26a00}.delete{background:#b3261e}
table{border-collapse:collapse}td,th{border:1px solid #e3e6ec;padding:.2rem .5rem;text-align:left}
</style></head><body><h1>${esc(doc.info.title)}</h1><p>${esc(doc.info.description ?? "")}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a></p>
<h2>Endpoints</h2>${ops.join("")}<h2>Schemas</h2>${schemas}</body></html>`;
}

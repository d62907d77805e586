// The block document a page stores, checked and cleaned on the way in: known blocks only, each prop
// of the kind its block declares (core/page-blocks.ts), rich text sanitised, addresses http(s) or
// site-relative. Unknown props are dropped; nothing that could run script is ever stored.
import { z } from "zod";
import {
  isSafeBlockUrl,
  MAX_BLOCKS,
  MAX_DEPTH,
  MAX_RICH_LENGTH,
  MAX_TEXT_LENGTH,
  PAGE_BLOCK_TYPES,
  PAGE_BLOCKS,
  type PropKind,
  type ScalarKind,
} from "../../../core/page-blocks";
import type { PageDocument } from "../../db/schema/content";
import { AppError } from "../../errors";
import { sanitizeRichHtml } from "../html";

/** The outer shape, as the editor sends it: `{ content: [{ type, props }], root: { props } }`. */
export const ZPageDocument = z
  .object({
    content: z.array(z.object({ type: z.string(), props: z.record(z.string(), z.unknown()).optional() }).passthrough()),
    root: z
      .object({ props: z.record(z.string(), z.unknown()).optional() })
      .passthrough()
      .optional(),
    zones: z.unknown().optional(),
  })
  .passthrough();

type Block = { type: string; props: Record<string, unknown> };
type Problem = { field: string; message: string };

class Checker {
  blocks = 0;
  problems: Problem[] = [];

  fail(field: string, message: string) {
    this.problems.push({ field, message });
  }

  scalar(kind: ScalarKind, value: unknown, field: string): string {
    if (value === undefined || value === null) return "";
    if (typeof value !== "string" && typeof value !== "number") {
      this.fail(field, "Expected text");
      return "";
    }
    const text = String(value);
    if (kind === "rich") {
      if (text.length > MAX_RICH_LENGTH) this.fail(field, `At most ${MAX_RICH_LENGTH} characters`);
      return sanitizeRichHtml(text);
    }
    if (text.length > MAX_TEXT_LENGTH) {
      this.fail(field, `At most ${MAX_TEXT_LENGTH} characters`);
      return "";
    }
    if (kind === "url") {
      const url = text.trim();
      if (!isSafeBlockUrl(url)) {
        this.fail(field, "Use an http(s) address or a path on this site starting with /");
        return "";
      }
      return url;
    }
    return text;
  }

  prop(kind: PropKind, value: unknown, field: string, depth: number): unknown {
    if (typeof kind === "string") return this.scalar(kind, value, field);
    if ("slot" in kind) return this.content(value ?? [], field, depth + 1);
    if ("choice" in kind) {
      const v = value === undefined || value === null ? kind.choice[0] : String(value);
      if (!kind.choice.includes(v)) this.fail(field, `Choose one of ${kind.choice.join(", ")}`);
      return v;
    }
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(field, "Expected a list");
      return [];
    }
    if (value.length > kind.max) this.fail(field, `At most ${kind.max} items`);
    return value.slice(0, kind.max).map((item, i) => {
      const out: Record<string, string> = {};
      const obj = item && typeof item === "object" ? (item as Record<string, unknown>) : {};
      for (const [name, sub] of Object.entries(kind.list)) {
        out[name] = this.scalar(sub, obj[name], `${field}.${i}.${name}`);
      }
      return out;
    });
  }

  content(value: unknown, field: string, depth: number): Block[] {
    if (depth > MAX_DEPTH) {
      this.fail(field, `Blocks may be nested at most ${MAX_DEPTH} deep`);
      return [];
    }
    if (!Array.isArray(value)) {
      this.fail(field, "Expected a list of blocks");
      return [];
    }
    return value.map((raw, i) => this.block(raw, `${field}.${i}`, depth));
  }

  block(raw: unknown, field: string, depth: number): Block {
    this.blocks += 1;
    if (this.blocks === MAX_BLOCKS + 1) this.fail(field, `A page holds at most ${MAX_BLOCKS} blocks`);
    const item = raw && typeof raw === "object" ? (raw as { type?: unknown; props?: unknown }) : {};
    const type = typeof item.type === "string" ? item.type : "";
    const spec = (PAGE_BLOCKS as Record<string, Record<string, PropKind>>)[type];
    if (!spec) {
      this.fail(`${field}.type`, `Unknown block "${type}"; use one of ${PAGE_BLOCK_TYPES.join(", ")}`);
      return { type, props: {} };
    }
    const props = item.props && typeof item.props === "object" ? (item.props as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    const id = typeof props.id === "string" && /^[\w-]{1,100}$/.test(props.id) ? props.id : undefined;
    if (id) out.id = id;
    for (const [name, kind] of Object.entries(spec)) {
      out[name] = this.prop(kind, props[name], `${field}.props.${name}`, depth);
    }
    return { type, props: out };
  }
}

/**
 * The document as it will be stored, or a 422 naming the first bad field. Rich text is sanitised
 * and unknown props are dropped rather than refused, so a document from an older editor still saves.
 */
export function cleanPageDocument(input: unknown): PageDocument {
  const parsed = ZPageDocument.safeParse(input ?? { content: [] });
  if (!parsed.success) {
    throw new AppError("validation_failed", "Invalid document: expected { content: [blocks], root: { props } }", [
      { field: "document", message: parsed.error.issues[0]?.message ?? "bad shape" },
    ]);
  }
  const c = new Checker();
  const content = c.content(parsed.data.content, "document.content", 0);
  const rootProps = parsed.data.root?.props ?? {};
  const title = c.scalar("text", rootProps.title, "document.root.props.title");
  if (c.problems.length) {
    const first = c.problems[0];
    throw new AppError("validation_failed", `Invalid ${first.field}: ${first.message}`, c.problems);
  }
  return { content, root: { props: title ? { title } : {} } };
}

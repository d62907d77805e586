import { type ComponentType, useMemo } from "react";
import { PAGE_BLOCKS, type PropKind } from "../../core/page-blocks";
import { BLOCK_COMPONENTS } from "./page-blocks/blocks";

/** One stored block: its type and props (a slot prop holds a list of nested blocks). */
type StoredBlock = { type?: unknown; props?: Record<string, unknown> };

function blocksOf(value: unknown): StoredBlock[] {
  return Array.isArray(value) ? (value.filter((b) => b && typeof b === "object") as StoredBlock[]) : [];
}

/** A slot's nested blocks as the component the block renders in its place (Puck's slot shape). */
function slotComponent(content: StoredBlock[]): ComponentType<{ minEmptyHeight?: number }> {
  return function Slot() {
    return <Blocks content={content} />;
  };
}

function Blocks({ content }: { content: StoredBlock[] }) {
  return (
    <>
      {content.map((block, i) => {
        const Block = typeof block.type === "string" ? BLOCK_COMPONENTS[block.type] : undefined;
        if (!Block) return null;
        const props: Record<string, unknown> = { ...(block.props ?? {}) };
        // A slot prop (the columns) holds a list of blocks; everything else is plain values.
        const kinds = (PAGE_BLOCKS as Record<string, Record<string, PropKind>>)[block.type as string] ?? {};
        for (const [key, kind] of Object.entries(kinds)) {
          if (typeof kind === "object" && "slot" in kind) props[key] = slotComponent(blocksOf(props[key]));
        }
        const key = typeof props.id === "string" ? props.id : `${i}`;
        return <Block key={key} {...props} />;
      })}
    </>
  );
}

/**
 * A stored page document, rendered read-only (server-side too) for visitors. The document is what
 * the page editor (Puck) saves; this draws it without loading the editor.
 */
export function PageRender({ document }: { document: unknown }) {
  const content = useMemo(() => blocksOf((document as { content?: unknown } | null)?.content), [document]);
  return (
    <div className="page-blocks">
      <div>
        <Blocks content={content} />
      </div>
    </div>
  );
}

import { describe, expect, it } from "vitest";
import type { MenuItem } from "../../core/account";
import { buildMenuTree } from "./menu-tree";

const item = (id: string, parent: string | null, extra: Partial<MenuItem["data"]["menuItem"]> = {}): MenuItem => ({
  id,
  parent,
  data: { menuItem: { label: id.toUpperCase(), item_url: `/${id}`, item_type: "link", ...extra } },
});

describe("site menu tree", () => {
  it("nests children under their parent, keeping the stored order", () => {
    const tree = buildMenuTree([item("a", null), item("b", null), item("a1", "a"), item("a2", "a"), item("a1x", "a1")]);
    expect(tree.map((n) => n.id)).toEqual(["a", "b"]);
    expect(tree[0].children.map((n) => n.id)).toEqual(["a1", "a2"]);
    expect(tree[0].children[0].children.map((n) => n.id)).toEqual(["a1x"]);
  });

  it("an item whose parent is missing goes to the top; cycles are broken", () => {
    const tree = buildMenuTree([item("x", "gone"), item("p", "q"), item("q", "p")]);
    expect(tree.map((n) => n.id).sort()).toEqual(["p", "q", "x"]);
  });

  it("stops nesting at three levels", () => {
    const tree = buildMenuTree([item("l1", null), item("l2", "l1"), item("l3", "l2"), item("l4", "l3")]);
    expect(tree[0].children[0].children[0].children).toEqual([]);
  });

  it("reads a mega menu and clamps its numbers", () => {
    const [mega] = buildMenuTree([
      item("m", null, {
        item_type: "megamenu",
        mega_menu: {
          columnCount: 9,
          columns: [
            { colSpan: 8, rowSpan: 1, content: "Text" },
            { colSpan: 0, rowSpan: 2, content: "More" },
          ],
        },
      }),
    ]);
    expect(mega.megaMenu).toEqual({
      columnCount: 6,
      columns: [
        { colSpan: 6, rowSpan: 1, content: "Text" },
        { colSpan: 1, rowSpan: 2, content: "More" },
      ],
    });
  });

  it("drops unsafe links but keeps the entry", () => {
    const [n] = buildMenuTree([item("bad", null, { item_url: "javascript:alert(1)" })]);
    expect(n.href).toBeNull();
    expect(n.label).toBe("BAD");
  });
});

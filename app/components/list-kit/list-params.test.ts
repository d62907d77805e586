import { describe, expect, it } from "vitest";
import { bulkIds, clearedHref, isFiltered, listHref, nextSort, parseListParams, sortChange } from "./list-params";

const spec = {
  filters: { status: ["all", "draft", "published"] },
  sorts: ["title", "date"],
} as const;

describe("parseListParams", () => {
  it("reads search, page, filters and sort from the URL", () => {
    const p = parseListParams("q=+spring+&page=3&status=draft&sort=title&dir=desc", spec);
    expect(p).toEqual({ q: "spring", page: 3, filters: { status: "draft" }, sort: { by: "title", dir: "desc" } });
  });

  it("falls back to defaults for missing or unknown values", () => {
    const p = parseListParams("page=-2&status=secret&sort=password&dir=sideways", {
      ...spec,
      defaultSort: { by: "date", dir: "desc" },
    });
    expect(p).toEqual({ q: "", page: 1, filters: { status: "all" }, sort: { by: "date", dir: "desc" } });
  });

  it("treats a fractional or non-numeric page as a whole page", () => {
    expect(parseListParams("page=2.7").page).toBe(2);
    expect(parseListParams("page=abc").page).toBe(1);
  });

  it("reads the search box under another name and cuts very long searches", () => {
    const p = parseListParams(`search=${"x".repeat(500)}`, { searchParam: "search" });
    expect(p.q).toHaveLength(200);
  });

  it("defaults the direction to ascending", () => {
    expect(parseListParams("sort=title", spec).sort).toEqual({ by: "title", dir: "asc" });
  });
});

describe("isFiltered", () => {
  it("is true for a search or a filter away from its default only", () => {
    expect(isFiltered(parseListParams("page=2&sort=title", spec), spec)).toBe(false);
    expect(isFiltered(parseListParams("q=a", spec), spec)).toBe(true);
    expect(isFiltered(parseListParams("status=published", spec), spec)).toBe(true);
  });
});

describe("listHref", () => {
  it("keeps the other parameters and goes back to page 1 on a change of filter", () => {
    expect(listHref("q=a&status=draft&page=4", { status: "published" })).toBe("?q=a&status=published");
  });

  it("changes the page and keeps the rest", () => {
    expect(listHref("q=a&sort=title&dir=asc", { page: 2 })).toBe("?q=a&sort=title&dir=asc&page=2");
  });

  it("drops page 1 and empty values", () => {
    expect(listHref("q=a&page=3", { page: 1, q: "" })).toBe("?");
  });
});

describe("sorting", () => {
  it("goes ascending, descending, then back to the default order", () => {
    const first = nextSort(null, "title");
    expect(first).toEqual({ by: "title", dir: "asc" });
    const second = nextSort(first, "title");
    expect(second).toEqual({ by: "title", dir: "desc" });
    expect(nextSort(second, "title")).toBeNull();
  });

  it("starts ascending when another column is clicked", () => {
    expect(nextSort({ by: "title", dir: "desc" }, "date")).toEqual({ by: "date", dir: "asc" });
  });

  it("writes the sort into the URL and removes it when it goes back to the default", () => {
    expect(listHref("q=a&page=2", sortChange(null, "title"))).toBe("?q=a&sort=title&dir=asc");
    expect(listHref("sort=title&dir=desc", sortChange({ by: "title", dir: "desc" }, "title"))).toBe("?");
  });
});

describe("clearedHref", () => {
  it("drops search, filters, sort and page but keeps the named parameters", () => {
    expect(clearedHref("id=42&q=a&status=draft&page=3", ["id"])).toBe("?id=42");
    expect(clearedHref("q=a")).toBe("?");
  });
});

describe("bulkIds", () => {
  it("reads every id once, without blanks", () => {
    const form = new FormData();
    for (const id of ["a", "b", "", "a", " c "]) form.append("id", id);
    expect(bulkIds(form)).toEqual(["a", "b", "c"]);
  });

  it("takes at most 100 ids", () => {
    const form = new FormData();
    for (let i = 0; i < 150; i++) form.append("id", String(i));
    expect(bulkIds(form)).toHaveLength(100);
  });
});

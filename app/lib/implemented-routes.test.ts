import { describe, expect, it } from "vitest";
import routes from "../routes";
import { IMPLEMENTED_ROUTES, routeExists } from "./implemented-routes";

type Entry = { path?: string; index?: boolean; children?: Entry[] };

/** Every concrete path the route table declares (splats and dynamic segments left out). */
function declared(entries: Entry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const here = e.path ? `${prefix}/${e.path}`.replace(/\/+/g, "/") : prefix;
    const own = (e.index || (e.path && !e.children)) && !here.includes("*") ? [here || "/"] : [];
    const layoutOwn = e.path && e.children ? [] : own;
    return [...layoutOwn, ...(e.children ? declared(e.children, here) : [])];
  });
}

describe("implemented routes", () => {
  it("lists only paths that app/routes.ts declares", () => {
    const table = new Set(declared(routes as Entry[]));
    for (const r of IMPLEMENTED_ROUTES) expect(table, r.path).toContain(r.path);
  });

  it("answers by site kind, ignoring query and trailing slash", () => {
    expect(routeExists("/dashboard/notifications?page=2", false)).toBe(true);
    expect(routeExists("/dashboard/profile/", true)).toBe(true);
    expect(routeExists("/dashboard/setup", true)).toBe(true);
    // The platform creates sites there; a site shows its setup checklist.
    expect(routeExists("/dashboard/setup", false)).toBe(true);
    expect(routeExists("/dashboard/manage/elearning", true)).toBe(false);
    expect(routeExists("/about", false)).toBe(false);
    expect(routeExists("/docs", true)).toBe(true);
    expect(routeExists("/docs", false)).toBe(false);
    expect(routeExists("/dashboard/pages/new", false)).toBe(true);
    expect(routeExists("/dashboard/messages", false)).toBe(true);
    expect(routeExists("/dashboard/manage/appointments", false)).toBe(true);
    expect(routeExists("/dashboard/manage/appointments", true)).toBe(false);
    expect(routeExists("/members/grace-hopper", false)).toBe(true);
    expect(routeExists("/members/", false)).toBe(true);
    expect(routeExists("/members/a/b", false)).toBe(false);
  });
});

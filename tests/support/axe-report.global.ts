// Browser suite: empties the axe record before the run, and after it prints how many screen views
// axe checked (tests/e2e/axe-sweep.ts) and what failed. The totals are also written to
// test-results/axe/summary.json, which `npm test` reads for its own summary.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AXE_CHECKS_FILE, AXE_DIR } from "../e2e/axe-sweep";

type Check = { route: string; theme: string; width: string; url: string; ms: number; failing: string[] };

export default function setup() {
  rmSync(AXE_DIR, { recursive: true, force: true });
  mkdirSync(AXE_DIR, { recursive: true });
  return () => {
    if (!existsSync(AXE_CHECKS_FILE)) return;
    const checks = readFileSync(AXE_CHECKS_FILE, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Check);
    // A screen seen again (after it failed, or by a retried test) counts once: as failing if it
    // ever failed in the run.
    const byView = new Map<string, Check>();
    for (const c of checks) {
      const key = `${c.route}|${c.width}|${c.theme}`;
      if (!byView.get(key)?.failing.length) byView.set(key, c);
    }
    const views = [...byView.values()];
    const failing = views.filter((c) => c.failing.length);
    const summary = {
      screenViews: views.length,
      screens: new Set(views.map((c) => c.route)).size,
      failingViews: failing.length,
      violations: failing.reduce((n, c) => n + c.failing.length, 0),
      seconds: Math.round(checks.reduce((n, c) => n + c.ms, 0) / 1000),
    };
    writeFileSync(join(AXE_DIR, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
    console.log(
      `\n[axe] ${summary.screenViews} screen views checked (${summary.screens} screens × desktop/phone × light/dark/night), ` +
        `${summary.violations} serious or critical violations, ${summary.seconds} s in axe`,
    );
    for (const c of failing) {
      console.log(`[axe] ${c.route} ${c.width} ${c.theme} ${c.url}\n  ${c.failing.join("\n  ")}`);
    }
  };
}

// axe-core in the page under test: the same engine browser extensions and audits use, so a screen
// that passes here passes there. Any browser test may call `axeCheck(page)` on the screen it shows.
import axe from "axe-core";
import type { Page } from "playwright-core";

/**
 * The WCAG 2.2 AA rules every screen must pass: readable text, and controls, links and fields
 * that have a name which contains their visible label (label-content-name-mismatch is marked
 * experimental by axe, so it runs only when named).
 */
export const AXE_RULES = [
  "color-contrast",
  "button-name",
  "link-name",
  "label",
  "label-content-name-mismatch",
] as const;

export type AxeFinding = { rule: string; help: string; nodes: { target: string; html: string; summary: string }[] };

/**
 * Runs axe on the whole document and returns what failed. The engine is evaluated rather than
 * added as a <script>, so a page's Content-Security-Policy does not keep it out.
 */
export async function axeCheck(page: Page, rules: readonly string[] = AXE_RULES): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async (values) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(document, {
      runOnly: { type: "rule", values },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      rule: v.id,
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        html: n.html.slice(0, 240),
        summary: n.failureSummary ?? "",
      })),
    }));
  }, rules as string[]);
}

/** One line per failing element, for a readable test failure. */
export function formatFindings(where: string, findings: readonly AxeFinding[]): string[] {
  return findings.flatMap((f) =>
    f.nodes.map((n) => `${where} ${f.rule}: ${n.target} ${n.html} — ${n.summary.replace(/\s+/g, " ")}`),
  );
}

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

export type AxeFinding = {
  rule: string;
  help: string;
  impact: string | null;
  nodes: { target: string; html: string; summary: string }[];
};

/**
 * Runs axe on the whole document and returns what failed: the named rules, or every rule with one
 * of `tags` plus label-content-name-mismatch. The engine is evaluated rather than added as a
 * <script>, so a page's Content-Security-Policy does not keep it out.
 */
export async function axeCheck(
  page: Page,
  only: readonly string[] | { tags: readonly string[] } = AXE_RULES,
): Promise<AxeFinding[]> {
  // Colours are measured as drawn: a toast or a drawer still fading in would read as faint text.
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((done) => setTimeout(done, 3000)),
      ]),
    )
    .catch(() => undefined);
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axe.source);
  const runOnly = "tags" in only ? { type: "tag", values: [...only.tags] } : { type: "rule", values: [...only] };
  return page.evaluate(async (runOnly) => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const result = await engine.run(document, {
      runOnly: runOnly as axe.RunOnly,
      rules: runOnly.type === "tag" ? { "label-content-name-mismatch": { enabled: true } } : {},
      resultTypes: ["violations"],
    });
    // label-content-name-mismatch reads an element's visible text by joining its text nodes with
    // nothing between them, so two paragraphs "school" and "Learn" become "schoolLearn", a word no
    // name contains. An element it flags passes when its name contains its text as the browser
    // lays it out (innerText), word for word and in order: the rule's own requirement (WCAG 2.5.3).
    const words = (s: string) =>
      ` ${s
        .toLowerCase()
        .normalize("NFKD")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()} `;
    const nameHoldsText = (target: unknown[]) => {
      const el = target.length === 1 && typeof target[0] === "string" ? document.querySelector(target[0]) : null;
      if (!(el instanceof HTMLElement)) return false;
      const text = words(el.innerText);
      const labelledBy = (el.getAttribute("aria-labelledby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ");
      const name = el.getAttribute("aria-label") || labelledBy;
      return text.trim() !== "" && words(name).includes(text);
    };
    const violations = result.violations
      .map((v) =>
        v.id === "label-content-name-mismatch"
          ? { ...v, nodes: v.nodes.filter((n) => !nameHoldsText(n.target as unknown[])) }
          : v,
      )
      .filter((v) => v.nodes.length);
    return violations.map((v) => ({
      rule: v.id,
      help: v.help,
      impact: v.impact ?? null,
      nodes: v.nodes.map((n) => ({
        target: n.target.join(" "),
        html: n.html.slice(0, 240),
        summary: n.failureSummary ?? "",
      })),
    }));
  }, runOnly);
}

/** One line per failing element, for a readable test failure. */
export function formatFindings(where: string, findings: readonly AxeFinding[]): string[] {
  return findings.flatMap((f) =>
    f.nodes.map((n) => `${where} ${f.rule}: ${n.target} ${n.html} — ${n.summary.replace(/\s+/g, " ")}`),
  );
}

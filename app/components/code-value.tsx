import { Code } from "@mantine/core";
import type { ReactNode } from "react";

const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

/**
 * An address, key or snippet to copy, shown whole: it wraps instead of scrolling, so it needs no
 * keyboard scrolling and reads on a phone. Left to right in every language.
 */
export function CodeValue({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Code block dir="ltr" style={WRAP} data-testid={testId}>
      {children}
    </Code>
  );
}

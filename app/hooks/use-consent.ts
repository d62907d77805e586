import { useEffect, useState } from "react";
import { type ConsentChoice, readConsent, subscribeConsent } from "../lib/consent";

/** The visitor's cookie choice: undefined until read in the browser, null when none was made. */
export function useConsent(): ConsentChoice | null | undefined {
  const [choice, setChoice] = useState<ConsentChoice | null | undefined>(undefined);
  useEffect(() => {
    setChoice(readConsent());
    return subscribeConsent(() => setChoice(readConsent()));
  }, []);
  return choice;
}

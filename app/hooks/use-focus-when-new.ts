import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * A list screen opened to make a new item (`?new=1`, as the quick-create links do) puts the
 * keyboard in its create form: the returned ref's element is focused and scrolled into view.
 * `?new=<kind>` picks one of several create forms on the same screen.
 */
export function useFocusWhenNew<T extends HTMLElement>(kind = "1") {
  const ref = useRef<T>(null);
  const [params] = useSearchParams();
  const wanted = params.get("new") === kind;
  useEffect(() => {
    if (!wanted || !ref.current) return;
    ref.current.focus();
    ref.current.scrollIntoView({ block: "center" });
  }, [wanted]);
  return ref;
}

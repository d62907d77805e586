// A fetcher's answer as a toast: the server's error message when the action refused (spec §7: a
// failed add or remove shows the database's error), else the given success text.
import { useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { useToast } from "../../hooks/use-toast";
import { errorOf } from "../../lib/action-result";

export function useResultToast(fetcher: FetcherWithComponents<unknown>, success: (data: unknown) => string | null) {
  const toast = useToast();
  const shown = useRef<unknown>(null);
  const successRef = useRef(success);
  successRef.current = success;
  useEffect(() => {
    const d = fetcher.data;
    if (fetcher.state !== "idle" || d === undefined || shown.current === d) return;
    shown.current = d;
    const error = errorOf(d);
    if (error) toast.show({ message: error.message, tone: "error" });
    else {
      const message = successRef.current(d);
      if (message) toast.show({ message, tone: "success" });
    }
  }, [fetcher.state, fetcher.data, toast]);
}

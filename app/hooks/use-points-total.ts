import { useCallback, useEffect, useState } from "react";
import { api } from "../lib/api";

/**
 * The member's points in the top bar: the loader's total, refreshed when the realtime channel says
 * something changed for them (points arrive from the event handlers a moment after the action).
 */
export function usePointsTotal(initial: number | null) {
  const [total, setTotal] = useState<number | null>(initial);
  useEffect(() => setTotal(initial), [initial]);
  const refresh = useCallback(() => {
    if (initial === null) return;
    api<{ total: number }>("GET", "/api/v1/points/me")
      .then((body) => setTotal(body.total))
      .catch(() => undefined);
  }, [initial]);
  return { total, refresh };
}

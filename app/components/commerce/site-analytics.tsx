// Spec §7: every page view of a site is reported to the analytics data layer with the site's
// tenant_id; a signed-in member's cart is mirrored on the server from here on.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { pushAnalytics, setCartSync } from "../../lib/cart";

export function SiteAnalytics({ tenantId, signedIn }: { tenantId: string; signedIn: boolean }) {
  const { pathname } = useLocation();
  useEffect(() => {
    pushAnalytics({ event: "page_view", tenant_id: tenantId, page_path: pathname });
  }, [tenantId, pathname]);
  useEffect(() => {
    setCartSync(signedIn);
  }, [signedIn]);
  return null;
}

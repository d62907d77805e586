import { useTranslation } from "../i18n/use-translation";
import { isRouteErrorResponse, useRouteError } from "react-router";

/** A route's error inside its layout: 404 says the page does not exist, anything else that it failed. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="center-page">
      <div className="card">
        <h1>{status}</h1>
        <p>{status === 404 ? t("errors.pageNotFound") : t("errors.generic")}</p>
        <a href="/">{t("nav.home")}</a>
      </div>
    </div>
  );
}

import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { i18n } from "./i18n";
import "./styles.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ context }: Route.LoaderArgs) {
  return {
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    lang: context.site.settings.defaultLanguage,
    user: context.user ? { name: context.user.name, email: context.user.email } : null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? i18n.t("errors.pageNotFound") : i18n.t("errors.generic");
  return (
    <main className="center-page">
      <div className="card">
        <h1>{status}</h1>
        <p>{message}</p>
        <a href="/">{i18n.t("nav.home")}</a>
      </div>
    </main>
  );
}

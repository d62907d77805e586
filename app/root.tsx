import "@fontsource/inter/400.css";
import "@fontsource/inter/500.css";
import "@fontsource/inter/600.css";
import "@fontsource/inter/700.css";
import "@fontsource/noto-sans-arabic/400.css";
import "@fontsource/noto-sans-arabic/600.css";
import "@mantine/core/styles.css";
import "./styles/base.css";
import "./styles/public.css";
import "./styles/site.css";
import { createTheme, DirectionProvider, MantineProvider, mantineHtmlProps, useDirection } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { ToastProvider } from "./components/toast-provider";
import { textDirection } from "./i18n/languages";
import { loadLanguage } from "./i18n/load-language";
import { requestLanguage } from "./lib/i18n.server";
import { THEME_SCRIPT, themeColorSchemeManager } from "./lib/theme";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function loader({ context, request }: Route.LoaderArgs) {
  return {
    lang: requestLanguage(context, request),
    sitetitle: context.site.settings.sitetitle,
    isPlatform: context.site.isPlatform,
    accountId: context.site.accountId,
    user: context.user ? { name: context.user.name, email: context.user.email } : null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily: 'Inter, "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", sans-serif',
  headings: { fontFamily: 'Inter, "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", sans-serif' },
});
const colorSchemeManager = themeColorSchemeManager();

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const lang = data?.lang ?? "en";
  const dir = textDirection(lang);
  return (
    <html lang={lang} dir={dir} {...mantineHtmlProps} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, applies the stored theme before paint */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <DirectionProvider initialDirection={dir}>
          <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
            <ToastProvider>{children}</ToastProvider>
          </MantineProvider>
        </DirectionProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Follows a language change (a new choice, then reloaded data) without a page reload. */
function LanguageSync({ lang }: { lang: string }) {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(textDirection(lang));
    if (i18n.language !== lang) {
      loadLanguage(i18n, lang).catch((err) => console.error("translations could not be loaded", err));
    }
  }, [lang, i18n, setDirection]);
  return null;
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <LanguageSync lang={loaderData.lang} />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="center-page">
      <div className="card">
        <h1>{status}</h1>
        <p>{status === 404 ? t("errors.pageNotFound") : t("errors.generic")}</p>
        <a href="/">{t("nav.home")}</a>
      </div>
    </main>
  );
}

// Inter, and Noto Sans Arabic for Arabic script only (fonts.css).
import "./styles/fonts.css";
// Mantine's global sheets; each component's own sheet comes with it (scripts/vite/mantine-styles.ts).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "./styles/base.css";
import "./styles/public.css";
import "./styles/site.css";
import { DirectionProvider, MantineProvider, mantineHtmlProps, useDirection } from "@mantine/core";
import { useEffect, useMemo } from "react";
import { useTranslation } from "./i18n/use-translation";
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
import { useNonce } from "./lib/nonce";
import { requestLanguage } from "./lib/i18n.server";
import { atriumCssVariables, atriumTheme } from "./lib/mantine-theme";
import { mantineVariablesCss } from "./lib/mantine-variables";
import { THEME_SCRIPT, themeColorSchemeManager } from "./lib/theme";

// The interface font is not preloaded: with font-display: optional the first paint does not wait
// for it, and a preload made its 48 KB compete with the styles, scripts and cover image of a
// visitor's first page on a slow line (decision 0072).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The site's installable web app (/dashboard/app).
  { rel: "manifest", href: "/manifest.webmanifest" },
];

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

const colorSchemeManager = themeColorSchemeManager();
// The variables do not depend on the labels; worked out once for every request.
const themeVariables = mantineVariablesCss(atriumTheme({ close: "" }), atriumCssVariables);

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const lang = data?.lang ?? "en";
  const dir = textDirection(lang);
  const nonce = useNonce();
  const { t } = useTranslation();
  const close = t("common.close");
  const theme = useMemo(() => atriumTheme({ close }), [close]);
  return (
    <html lang={lang} dir={dir} {...mantineHtmlProps} data-theme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant script, applies the stored theme before paint */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        <DirectionProvider initialDirection={dir}>
          <MantineProvider
            theme={theme}
            colorSchemeManager={colorSchemeManager}
            defaultColorScheme="light"
            withCssVariables={false}
          >
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the theme's own variables, computed once from constants */}
            <style data-mantine-styles="true" dangerouslySetInnerHTML={{ __html: themeVariables }} />
            <ToastProvider>{children}</ToastProvider>
          </MantineProvider>
        </DirectionProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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

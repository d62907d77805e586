import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/unsubscribe";

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: d?.siteName ?? "Atrium" },
  { name: "robots", content: "noindex" },
];

/**
 * A campaign's unsubscribe link, /e/u/{token}, in the site's layout: it asks first, and its button
 * posts the same RFC 8058 one-click request mail programs send (answered by the server, which comes
 * back here with `?done`). Another site's or an unknown token answers 404 in the same layout.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const token = params.token ?? "";
  const who = await context.services.subscription.recipient(token);
  const siteName = context.site.settings.sitetitle || context.site.slug;
  const done = new URL(request.url).searchParams.has("done");
  const init = { headers: { "Cache-Control": "private, no-store" }, status: who ? 200 : 404 };
  return data({ siteName, token, email: who?.email ?? null, done }, init);
}

export default function Unsubscribe({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Paper withBorder p="lg" radius="md" maw={560} mx="auto" my="xl">
        {!d.email ? (
          <Title order={1}>{t("unsubscribe.notFound")}</Title>
        ) : (
          <Stack gap="sm">
            <Title order={1}>{t("unsubscribe.title")}</Title>
            {d.done ? (
              <Text role="status">{t("unsubscribe.done")}</Text>
            ) : (
              <>
                <Text>{t("unsubscribe.question", { site: d.siteName, email: d.email })}</Text>
                {/* A document POST, so the server's one-click answer handles it. */}
                <form method="post" action={`/e/u/${d.token}`}>
                  <input type="hidden" name="List-Unsubscribe" value="One-Click" />
                  <input type="hidden" name="page" value="1" />
                  <Button type="submit">{t("unsubscribe.confirm")}</Button>
                </form>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </div>
  );
}

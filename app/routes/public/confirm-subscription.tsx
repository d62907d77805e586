import { Paper, Stack, Text, Title } from "@mantine/core";
import { data } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { Route } from "./+types/confirm-subscription";

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export const meta = ({ data: d }: Route.MetaArgs) => [
  { title: d?.siteName ?? "Atrium" },
  { name: "robots", content: "noindex" },
];

/**
 * A double opt-in confirmation link, /e/confirm/{token}, in the site's layout: opening it confirms
 * the contact on the list (once; opening it again shows the same page). A link that is not this
 * site's answers 404 with the same layout.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const done = await context.services.subscription.confirm(params.token ?? "");
  const siteName = context.site.settings.sitetitle;
  const init = { headers: { "Cache-Control": "private, no-store" }, status: done ? 200 : 404 };
  return data({ siteName, done }, init);
}

export default function ConfirmSubscription({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Paper withBorder p="lg" radius="md" maw={560} mx="auto" my="xl">
        <Stack gap="sm">
          <Title order={1}>{d.done ? t("audienceGaps.confirmTitle") : t("audienceGaps.confirmNotFound")}</Title>
          {d.done && <Text>{t("audienceGaps.confirmDone", { email: d.done.email, list: d.done.listName })}</Text>}
        </Stack>
      </Paper>
    </div>
  );
}

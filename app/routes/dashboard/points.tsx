import { Card, Group, Progress, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { useNavigate } from "react-router";
import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from "../../../core/points";
import { useTranslation } from "../../i18n/use-translation";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import type { Route } from "./+types/points";

export const meta = ({ data: d }: Route.MetaArgs) => [{ title: d?.title ?? "Atrium" }];

/** The member's points, level and log, and the site's leaderboard (gamification sites). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.member || !context.site.features?.gamification) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("period");
  const period: LeaderboardPeriod = (LEADERBOARD_PERIODS as readonly string[]).includes(asked ?? "")
    ? (asked as LeaderboardPeriod)
    : "week";
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const [summary, leaders, log] = await Promise.all([
    context.services.points.summary(),
    context.services.points.leaderboard(period),
    context.services.points.history(page),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "points.title", context.site.settings.sitetitle),
    period,
    summary,
    leaders,
    log,
  };
}

export { RouteError as ErrorBoundary } from "../../components/route-error";

export default function Points({ loaderData: d }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { summary } = d;
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("points.title")}</h1>
      </div>
      <Stack gap="lg">
        <Card withBorder>
          <Text size="xl" fw={700} data-testid="points-total">
            {t("points.total", { count: summary.total })}
          </Text>
          {summary.level ? <Text>{t("points.level", { name: summary.level.name })}</Text> : null}
          {summary.next ? (
            <Stack gap={4} mt="sm">
              <Progress
                value={summary.percent}
                aria-label={t("points.toNext", { count: summary.toNext, name: summary.next.name })}
              />
              <Text size="sm" c="dimmed">
                {t("points.toNext", { count: summary.toNext, name: summary.next.name })}
              </Text>
            </Stack>
          ) : null}
        </Card>
        <section aria-labelledby="leaderboard-title">
          <Group justify="space-between" wrap="wrap" mb="sm">
            <Title order={2} size="h3" id="leaderboard-title">
              {t("points.leaderboard")}
            </Title>
            <SegmentedControl
              aria-label={t("points.period")}
              value={d.period}
              onChange={(v) => navigate(`?period=${v}`, { preventScrollReset: true })}
              data={LEADERBOARD_PERIODS.map((p) => ({ value: p, label: t(`points.periods.${p}`) }))}
            />
          </Group>
          {d.leaders.length === 0 ? (
            <p className="muted">{t("points.noLeaders")}</p>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("points.rank")}</Table.Th>
                  <Table.Th>{t("points.member")}</Table.Th>
                  <Table.Th>{t("points.points")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.leaders.map((r) => (
                  <Table.Tr key={`${r.rank}-${r.name}`} fw={r.isMe ? 700 : undefined}>
                    <Table.Td>{r.rank}</Table.Td>
                    <Table.Td>{r.isMe ? t("points.you", { name: r.name }) : r.name}</Table.Td>
                    <Table.Td>{r.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
        <section aria-labelledby="log-title">
          <Title order={2} size="h3" id="log-title" mb="sm">
            {t("points.log")}
          </Title>
          {d.log.items.length === 0 ? (
            <p className="muted">{t("points.noPoints")}</p>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("points.when")}</Table.Th>
                  <Table.Th>{t("points.for")}</Table.Th>
                  <Table.Th>{t("points.points")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.log.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      {new Date(e.at).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" })}
                    </Table.Td>
                    <Table.Td>
                      {t(`points.reasons.${e.reason}`)}
                      {e.course ? ` · ${e.course}` : ""}
                    </Table.Td>
                    <Table.Td>+{e.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </section>
      </Stack>
    </div>
  );
}

import { Card, SimpleGrid, Table, Text } from "@mantine/core";
import { useTranslation } from "../../../i18n/use-translation";
import { Link } from "react-router";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import type { Route } from "./+types/stats";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Course statistics for manage_stats (spec §2 /dashboard/instructor/stats). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (!context.services.learning.canSeeStats) throw new Response("Not found", { status: 404 });
  const result = await context.services.learning.stats.site();
  return {
    title: pageTitle(translatorFor(context, request), "learning.stats.title", context.site.settings.sitetitle),
    ...result,
  };
}

const TOTALS = ["courses", "enrolled", "started", "completed", "averageProgress", "certificates"] as const;

export default function Stats({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t("learning.stats.title")}</h1>
      </div>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" mb="lg">
        {TOTALS.map((k) => (
          <Card key={k} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t(`learning.stats.${k}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`total-${k}`}>
              {k === "averageProgress" ? `${d.totals[k]}%` : d.totals[k]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {d.items.length === 0 ? (
        <p className="muted empty-state">{t("learning.stats.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("learning.stats.course")}</Table.Th>
                {TOTALS.slice(1).map((k) => (
                  <Table.Th key={k}>{t(`learning.stats.${k}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((c) => (
                <Table.Tr key={c.courseId}>
                  <Table.Td>
                    <Link to={`/dashboard/instructor/course/${c.courseId}/manage`}>{c.title}</Link>
                  </Table.Td>
                  <Table.Td>{c.enrolled}</Table.Td>
                  <Table.Td>{c.started}</Table.Td>
                  <Table.Td>{c.completed}</Table.Td>
                  <Table.Td>{c.averageProgress}%</Table.Td>
                  <Table.Td>{c.certificates}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

import { Alert, Badge, Button, Table, Text } from "@mantine/core";
import { Form, useNavigation } from "react-router";
import { AiSetupCard } from "../../../components/ai/ai-setup-card";
import { Toast } from "../../../components/owner-orders/toast";
import { useTranslation } from "../../../i18n/use-translation";
import { unknownIntent } from "../../../lib/action-result";
import { pageTitle, translatorFor } from "../../../lib/i18n.server";
import { asPageError, notFound, runAction } from "../../../lib/instructor.server";
import type { Route } from "./+types/crons";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** Staff: every scheduled job with its schedule, latest run and next run, and "run now". */
export async function loader({ context, request }: Route.LoaderArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const crons = await service.crons().catch(asPageError);
  return {
    title: pageTitle(translatorFor(context, request), "staffAccounts.crons.title", context.site.settings.sitetitle),
    ...crons,
    ai: service.aiSetup(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const service = context.services.staffAccounts;
  if (!service.isStaff) throw notFound();
  const form = await request.formData();
  if (form.get("intent") !== "run") return unknownIntent();
  const name = String(form.get("name") ?? "");
  const result = await runAction(() => service.runCron(name));
  return { ...result, name, at: Date.now() };
}

const STATE_COLOR: Record<string, string> = { completed: "green", failed: "red", active: "blue", retry: "orange" };

export default function Crons({ loaderData: d, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const nav = useNavigation();
  const result = actionData as { ok: boolean; message: string; name: string; at: number } | undefined;
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "medium" }) : "—";
  return (
    <div className="page">
      <h1>{t("staffAccounts.crons.title")}</h1>
      <p className="muted">{t("staffAccounts.crons.hint")}</p>
      {!d.running ? (
        <Alert color="yellow" mb="md">
          {t("staffAccounts.crons.notRunning")}
        </Alert>
      ) : null}
      {d.items.length === 0 ? (
        <p className="muted empty-state">{t("staffAccounts.crons.empty")}</p>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label={t("staffAccounts.crons.title")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("staffAccounts.crons.name")}</Table.Th>
                <Table.Th>{t("staffAccounts.crons.schedule")}</Table.Th>
                <Table.Th>{t("staffAccounts.crons.lastRun")}</Table.Th>
                <Table.Th>{t("staffAccounts.crons.nextRun")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.items.map((job) => (
                <Table.Tr key={job.name} data-testid={`cron-${job.name}`}>
                  <Table.Td>
                    <code>{job.name}</code>
                  </Table.Td>
                  <Table.Td>
                    <code>{job.cron}</code>{" "}
                    <Text span size="xs" c="dimmed">
                      UTC
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {job.lastRun ? (
                      <>
                        <Badge variant="light" color={STATE_COLOR[job.lastRun.state] ?? "gray"}>
                          {t(`staffAccounts.crons.states.${job.lastRun.state}`)}
                        </Badge>{" "}
                        <Text span size="sm">
                          {date(job.lastRun.finishedAt ?? job.lastRun.startedAt ?? job.lastRun.queuedAt)}
                        </Text>
                        {job.lastRun.error ? (
                          <Text size="xs" c="red">
                            {job.lastRun.error}
                          </Text>
                        ) : null}
                      </>
                    ) : (
                      t("staffAccounts.crons.never")
                    )}
                  </Table.Td>
                  <Table.Td>{date(job.nextRunAt)}</Table.Td>
                  <Table.Td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="run" />
                      <input type="hidden" name="name" value={job.name} />
                      <Button
                        type="submit"
                        size="compact-sm"
                        variant="default"
                        disabled={!d.running}
                        loading={nav.state !== "idle" && nav.formData?.get("name") === job.name}
                      >
                        {t("staffAccounts.crons.runNow")}
                      </Button>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Toast
        message={result ? (result.ok ? t("staffAccounts.crons.queued", { name: result.name }) : result.message) : null}
        color={result?.ok ? "green" : "red"}
        stamp={result}
      />
      <AiSetupCard setup={d.ai} />
    </div>
  );
}

export { RouteError as ErrorBoundary } from "../../../components/route-error";

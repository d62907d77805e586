// The report of a campaign that is no longer editable: counters with rates, and its recipients.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { errorOf } from "../../lib/action-result";
import type { CampaignEditData as Data } from "../../routes/dashboard/marketing/campaign-edit";
import { PlanRefusal } from "../plan-refusal";
import { CampaignHeading } from "./campaign-editor";
import { CampaignRecipients } from "./campaign-recipients";

type Campaign = NonNullable<Data["campaign"]>;

const pct = (r: number) => `${Math.round(r * 1000) / 10}%`;

/** A campaign once sent or sending: its counters (refreshed every 4 s while sending) and recipients. */
export function CampaignReport({ d, campaign }: { d: Data; campaign: Campaign }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const act = useFetcher();
  const live = campaign.status === "sending" || campaign.status === "scheduled";
  const actError = errorOf(act.data);
  const post = (intent: string) => act.submit({ intent, payload: {} }, { method: "post", encType: "application/json" });
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, 4000);
    return () => window.clearInterval(timer);
  }, [live, revalidator]);
  const s = campaign.stats;
  const cards = [
    { key: "recipients", value: s.recipients, rate: null },
    { key: "sent", value: s.sent, rate: null },
    { key: "failed", value: s.failed, rate: null },
    { key: "opened", value: s.opened, rate: s.openRate },
    { key: "clicked", value: s.clicked, rate: s.clickRate },
    { key: "unsubscribed", value: s.unsubscribed, rate: s.unsubscribeRate },
  ];
  return (
    <Stack gap="md">
      <CampaignHeading campaign={campaign} />
      {campaign.status === "paused" ? (
        <Alert color="orange" role="alert" title={t("campaigns.pausedTitle")} data-testid="pause-reason">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{campaign.pauseReason ?? t("campaigns.pausedByOwner")}</Text>
            <Button size="compact-sm" loading={act.state !== "idle"} onClick={() => post("resume")}>
              {t("campaigns.resume")}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <PlanRefusal result={act.data} />
      {actError && !["plan_limit", "plan_required"].includes(actError.code) ? (
        <Alert color="red" role="alert">
          {actError.message}
        </Alert>
      ) : null}
      <Text c="dimmed">
        {t("campaigns.fields.subject")}: {campaign.subject}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {cards.map((c) => (
          <Card key={c.key} withBorder data-testid={`stat-${c.key}`}>
            <Text size="sm" c="dimmed">
              {t(`campaigns.stats.${c.key}`)}
            </Text>
            <Text fw={700} size="xl" data-testid={`stat-${c.key}-value`}>
              {c.value}
            </Text>
            {c.rate !== null ? (
              <Text size="sm" c="dimmed">
                {pct(c.rate)}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
      <Group wrap="wrap">
        {campaign.status === "sending" ? (
          <Button variant="outline" color="orange" loading={act.state !== "idle"} onClick={() => post("pause")}>
            {t("campaigns.pause")}
          </Button>
        ) : null}
        <Button variant="light" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
          {t("campaigns.refresh")}
        </Button>
        <Button variant="subtle" onClick={() => post("duplicate")}>
          {t("campaigns.duplicate")}
        </Button>
      </Group>
      <CampaignRecipients recipients={d.recipients} />
    </Stack>
  );
}

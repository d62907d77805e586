// The report of a campaign that is no longer editable: counters with rates, and its recipients.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import type { CampaignEditData as Data } from "../../routes/dashboard/marketing/campaign-edit";
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
      {campaign.status === "paused" && campaign.pauseReason ? (
        <Alert color="orange" role="alert" title={t("campaigns.pausedTitle")} data-testid="pause-reason">
          {campaign.pauseReason}
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
        <Button variant="light" onClick={() => revalidator.revalidate()} loading={revalidator.state !== "idle"}>
          {t("campaigns.refresh")}
        </Button>
        <Button
          variant="subtle"
          onClick={() =>
            act.submit({ intent: "duplicate", payload: {} }, { method: "post", encType: "application/json" })
          }
        >
          {t("campaigns.duplicate")}
        </Button>
      </Group>
      <CampaignRecipients recipients={d.recipients} />
    </Stack>
  );
}

import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export type OwnedSite = { accountId: string; title: string; url: string; plan: string | null };

/** The account owner's sites on the platform, each a card with its plan and its own dashboard. */
export function OwnedSites({ sites }: { sites: OwnedSite[] }) {
  const { t } = useTranslation();
  return (
    <section className="home-card wide" aria-labelledby="home-sites" data-tour="setup-completion">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <h2 id="home-sites">{t("dashboard.yourSites")}</h2>
        <Button component={Link} to="/dashboard/setup" variant="light" size="compact-sm">
          {t("dashboard.createSite")}
        </Button>
      </Group>
      {sites.length === 0 ? (
        <div className="empty-state" data-testid="sites-empty">
          <p className="muted">{t("dashboard.noSites")}</p>
          <Anchor component={Link} to="/dashboard/setup">
            {t("dashboard.createSite")}
          </Anchor>
        </div>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          data-testid="sites"
          className="home-sites"
        >
          {sites.map((s) => (
            <Card key={s.accountId} component="li" withBorder padding="md" aria-labelledby={`site-${s.accountId}`}>
              <Stack gap="xs">
                <Text fw={600} id={`site-${s.accountId}`}>
                  {s.title}
                </Text>
                <Text size="sm" c="dimmed" className="break-anywhere">
                  {s.url}
                </Text>
                <Badge variant="light" w="fit-content">
                  {s.plan ? t(`plans.${s.plan}.label`) : t("home.usage.noPlan")}
                </Badge>
                <Group gap="xs">
                  <Button component="a" href={`${s.url}/dashboard`} size="compact-sm">
                    {t("home.sites.openDashboard")}
                  </Button>
                  <Button
                    component="a"
                    href={s.url}
                    target="_blank"
                    rel="noreferrer"
                    variant="default"
                    size="compact-sm"
                  >
                    {t("home.sites.view")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}

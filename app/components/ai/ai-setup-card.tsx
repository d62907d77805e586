// Staff's view of the installation's AI provider (a maintenance screen): which provider answers,
// at which address, with which models, and whether a key is set. The key itself never leaves the
// server.
import { Badge, Paper, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";

export type AiSetup = {
  provider: "off" | "local" | "openai";
  configured: boolean;
  baseUrl: string | null;
  textModel: string | null;
  transcribeModel: string | null;
  hasKey: boolean;
};

export function AiSetupCard({ setup }: { setup: AiSetup }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("ai.assistant.setup.provider"), t(`ai.assistant.setup.providers.${setup.provider}`)],
    ...(setup.baseUrl ? [[t("ai.assistant.setup.baseUrl"), setup.baseUrl] as [string, string]] : []),
    ...(setup.textModel ? [[t("ai.assistant.setup.textModel"), setup.textModel] as [string, string]] : []),
    ...(setup.transcribeModel
      ? [[t("ai.assistant.setup.transcribeModel"), setup.transcribeModel] as [string, string]]
      : []),
    ...(setup.provider === "openai"
      ? [
          [
            t("ai.assistant.setup.apiKey"),
            setup.hasKey ? t("ai.assistant.setup.keySet") : t("ai.assistant.setup.keyMissing"),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Paper withBorder p="md" mt="xl" component="section" aria-labelledby="ai-setup-title" data-testid="ai-setup">
      <Title order={2} size="h3" id="ai-setup-title" mb="xs">
        {t("ai.assistant.setup.title")}{" "}
        <Badge variant="light" color={setup.configured ? "green" : "gray"}>
          {setup.configured ? t("ai.assistant.setup.configured") : t("ai.assistant.setup.notConfigured")}
        </Badge>
      </Title>
      {setup.configured ? null : (
        <Text size="sm" c="dimmed" mb="xs">
          {t("ai.assistant.setup.offHint")}
        </Text>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row" w="40%">
                  {label}
                </Table.Th>
                <Table.Td>
                  <code>{value}</code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

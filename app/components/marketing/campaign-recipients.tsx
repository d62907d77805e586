// The recipients of a sent campaign: address, delivery status, when opened and clicked (first 50).
import { Table, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import type { CampaignEditData as Data } from "../../routes/dashboard/marketing/campaign-edit";

export function CampaignRecipients({ recipients }: { recipients: Data["recipients"] }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }) : "—";
  return (
    <section aria-labelledby="recipients-title">
      <Title order={2} size="h4" id="recipients-title" mb="sm">
        {t("campaigns.recipients.title")}
      </Title>
      {!recipients || recipients.items.length === 0 ? (
        <Text c="dimmed" className="empty-state">
          {t("campaigns.recipients.empty")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped data-testid="campaign-recipients" aria-labelledby="recipients-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("campaigns.recipients.email")}</Table.Th>
                <Table.Th>{t("campaigns.recipients.status")}</Table.Th>
                <Table.Th>{t("campaigns.recipients.opened")}</Table.Th>
                <Table.Th>{t("campaigns.recipients.clicked")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recipients.items.map((r) => (
                <Table.Tr key={r.contactId}>
                  <Table.Td dir="ltr">{r.email}</Table.Td>
                  <Table.Td>{t(`campaigns.recipientStatus.${r.status}`)}</Table.Td>
                  <Table.Td>{when(r.openedAt)}</Table.Td>
                  <Table.Td>{when(r.clickedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {recipients && recipients.total > recipients.items.length ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t("campaigns.recipients.more", { shown: recipients.items.length, total: recipients.total })}
        </Text>
      ) : null}
    </section>
  );
}

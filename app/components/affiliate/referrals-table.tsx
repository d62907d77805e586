import { Badge, Table } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { formatDay } from "./format";

export type ReferralItem = { id: string; referredName: string; rewardStatus: string; createdAt: string };

/** The members an affiliate referred: who, when, and whether they still earn commissions. */
export function ReferralsTable({ items }: { items: ReferralItem[] }) {
  const { t, i18n } = useTranslation();
  if (!items.length) return <p className="muted empty-state">{t("affiliate.noReferrals")}</p>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="sm" data-testid="referrals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("affiliate.columns.member")}</Table.Th>
            <Table.Th>{t("affiliate.columns.date")}</Table.Th>
            <Table.Th>{t("affiliate.columns.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.referredName}</Table.Td>
              <Table.Td>{formatDay(r.createdAt, i18n.language)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={r.rewardStatus === "complete" ? "gray" : "green"}>
                  {t(r.rewardStatus === "complete" ? "affiliate.rewardComplete" : "affiliate.rewardPending")}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

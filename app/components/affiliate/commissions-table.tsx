import { Badge, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { formatMoney } from "../../../core/currency";
import { formatDay } from "./format";

export type CommissionItem = {
  id: string;
  orderId: string;
  orderNumber: string;
  amount: number;
  currency: string;
  approved: boolean;
  paidAt: string | null;
  createdAt: string;
  affiliateName?: string | null;
};

/** Commissions with their state; the owner's screen adds the affiliate column and row actions. */
export function CommissionsTable({
  items,
  showAffiliate = false,
  actions,
}: {
  items: CommissionItem[];
  showAffiliate?: boolean;
  actions?: (c: CommissionItem) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  if (!items.length) return <p className="muted empty-state">{t("affiliate.noCommissions")}</p>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" data-testid="commissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("affiliate.columns.date")}</Table.Th>
            {showAffiliate ? <Table.Th>{t("affiliate.columns.affiliate")}</Table.Th> : null}
            <Table.Th>{t("affiliate.columns.order")}</Table.Th>
            <Table.Th>{t("affiliate.columns.amount")}</Table.Th>
            <Table.Th>{t("affiliate.columns.status")}</Table.Th>
            <Table.Th>{t("affiliate.columns.paid")}</Table.Th>
            {actions ? <Table.Th>{t("affiliate.columns.actions")}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{formatDay(c.createdAt, i18n.language)}</Table.Td>
              {showAffiliate ? <Table.Td>{c.affiliateName ?? ""}</Table.Td> : null}
              <Table.Td>{c.orderNumber}</Table.Td>
              <Table.Td>{formatMoney(c.amount, c.currency, i18n.language)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={c.approved ? "green" : "yellow"}>
                  {t(c.approved ? "affiliate.approved" : "affiliate.pending")}
                </Badge>
              </Table.Td>
              <Table.Td>{c.paidAt ? formatDay(c.paidAt, i18n.language) : t("affiliate.unpaid")}</Table.Td>
              {actions ? <Table.Td>{actions(c)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Anchor, Table, Text } from "@mantine/core";
import { Link } from "react-router";
import { formatMoney } from "../../../core/currency";
import { useTranslation } from "../../i18n/use-translation";
import type { SiteReport } from "./types";

type Row = { id: string; title: string | null; href: string; value: string };

function TopTable(props: {
  title: string;
  nameHeader: string;
  valueHeader: string;
  rows: Row[];
  none: string;
  id: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="report-top" aria-labelledby={props.id} data-testid={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {props.none}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{props.nameHeader}</Table.Th>
                <Table.Th ta="end">{props.valueHeader}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {r.title === null ? (
                      <Text span c="dimmed" size="sm">
                        {t("reports.top.deleted")}
                      </Text>
                    ) : (
                      <Anchor component={Link} to={r.href} size="sm">
                        {r.title}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td ta="end">{r.value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

/** The five courses with the most enrolments and the five products with the most revenue. */
export function TopTables({ report: r }: { report: SiteReport }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <div className="report-tops">
      <TopTable
        id="top-courses"
        title={t("reports.top.courses")}
        nameHeader={t("reports.top.course")}
        valueHeader={t("reports.totals.enrolments")}
        none={t("reports.top.noCourses")}
        rows={r.topCourses.map((c) => ({
          id: c.courseId,
          title: c.title,
          href: `/dashboard/instructor/course/${c.courseId}`,
          value: n.format(c.enrolments),
        }))}
      />
      <TopTable
        id="top-products"
        title={t("reports.top.products")}
        nameHeader={t("reports.top.product")}
        valueHeader={t("reports.charts.revenue", { currency: r.currency })}
        none={t("reports.top.noProducts")}
        rows={r.topProducts.map((p) => ({
          id: p.productId,
          title: p.title,
          href: `/dashboard/manage/ecommerce/product/${p.productId}`,
          value: formatMoney(p.revenue, r.currency, i18n.language, { decimals: true }),
        }))}
      />
    </div>
  );
}

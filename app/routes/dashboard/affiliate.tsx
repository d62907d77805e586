import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "../../i18n/use-translation";
import { AffiliateLink } from "../../components/affiliate/affiliate-link";
import { CommissionsTable } from "../../components/affiliate/commissions-table";
import { EarningsTotals } from "../../components/affiliate/earnings-totals";
import { ReferralsTable } from "../../components/affiliate/referrals-table";
import { pageTitle, translatorFor } from "../../lib/i18n.server";
import { asPageError, notFound } from "../../lib/instructor.server";
import type { Route } from "./+types/affiliate";

export const meta = ({ data }: Route.MetaArgs) => [{ title: data?.title ?? "Atrium" }];

/** The member's affiliate page: only members with an affiliate record have one. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.site.isPlatform || !context.member) throw notFound();
  const aff = context.services.affiliate;
  const mine = await aff.mine().catch(asPageError);
  if (!mine) throw notFound();
  const [referrals, commissions] = await Promise.all([
    aff.referrals().catch(asPageError),
    aff.commissions().catch(asPageError),
  ]);
  return {
    title: pageTitle(translatorFor(context, request), "affiliate.title", context.site.settings.sitetitle),
    link: `${context.origin}/?ref=${encodeURIComponent(mine.code)}`,
    commissionType: mine.commissionType,
    commissionValue: mine.commissionValue,
    referrals,
    commissions: commissions.items,
    totals: commissions.totals,
  };
}

export default function AffiliateDashboard({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t("affiliate.title")}</Title>
          <Text c="dimmed">{t("affiliate.intro")}</Text>
        </div>
        <AffiliateLink url={d.link} />
        <section aria-labelledby="earnings">
          <Title order={2} id="earnings" size="h3" mb="sm">
            {t("affiliate.earnings")}
          </Title>
          <EarningsTotals totals={d.totals} />
        </section>
        <section aria-labelledby="referrals">
          <Title order={2} id="referrals" size="h3" mb="sm">
            {t("affiliate.referrals")}
          </Title>
          <ReferralsTable items={d.referrals} />
        </section>
        <section aria-labelledby="commissions">
          <Title order={2} id="commissions" size="h3" mb="sm">
            {t("affiliate.commissions")}
          </Title>
          <CommissionsTable items={d.commissions} />
        </section>
      </Stack>
    </div>
  );
}

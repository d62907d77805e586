import { Anchor, Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCertificate, IconDownload } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { translatorFor } from "../../lib/i18n.server";
import { canonicalUrl, seoMeta } from "../../lib/seo";
import type { Route } from "./+types/certificate";

export const meta = ({ data }: Route.MetaArgs) => seoMeta(data?.seo);

/** Public verification of a certificate by its code: who, which course, when, on which site. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const t = translatorFor(context, request);
  let cert: Awaited<ReturnType<typeof context.services.catalog.certificate>>;
  try {
    cert = await context.services.catalog.certificate(params.code);
  } catch (err) {
    if ((err as { code?: string })?.code === "not_found") throw new Response("Not found", { status: 404 });
    throw err;
  }
  return {
    // A certificate names a person: keep it out of search engines.
    seo: {
      title: `${t("catalog.certificate")} · ${cert.siteTitle}`,
      url: canonicalUrl(request.url),
      siteName: cert.siteTitle,
      noindex: true,
    },
    cert,
  };
}

export default function CertificatePage({ loaderData: { cert } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const issued = new Date(cert.issuedAt).toLocaleDateString(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  return (
    <Container size="sm" py="xl" component="section">
      <Card withBorder radius="md" padding="xl" data-testid="certificate-card">
        <Stack gap="md" align="center" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
            <IconCertificate size={32} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t("catalog.verified")}
          </Title>
          <Text>{t("catalog.verifiedText", { student: cert.studentName, course: cert.courseTitle })}</Text>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t("catalog.issuedOn", { date: issued })}
            </Text>
            <Text size="sm" c="dimmed">
              {t("catalog.issuedBy", { site: cert.siteTitle })}
            </Text>
            <Text size="sm" c="dimmed">
              {t("catalog.certificateCode", { code: cert.code })}
            </Text>
          </Stack>
          <Group>
            <Button
              component="a"
              href={`/api/v1/certificates/${encodeURIComponent(cert.code)}/pdf`}
              leftSection={<IconDownload size={16} />}
              download
            >
              {t("catalog.downloadPdf")}
            </Button>
          </Group>
          <Anchor component={Link} to="/course" size="sm">
            {t("catalog.backToCourses")}
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}

import { Button, CopyButton, Group, TextInput } from "@mantine/core";
import { IconCheck, IconCopy } from "@tabler/icons-react";
import { useTranslation } from "../../i18n/use-translation";

/** The affiliate's link to share, with a copy button. */
export function AffiliateLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <TextInput
        label={t("affiliate.link")}
        value={url}
        readOnly
        style={{ flex: 1 }}
        onFocus={(e) => e.currentTarget.select()}
        data-testid="affiliate-link"
      />
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            variant="light"
            onClick={copy}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          >
            {copied ? t("affiliate.copied") : t("affiliate.copy")}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

import { Badge } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";

/** Draft or published, as a small coloured label. */
export function PageStatusBadge({ status }: { status: "draft" | "published" }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === "published" ? "green" : "gray"} variant="light">
      {t(`pages.status.${status}`)}
    </Badge>
  );
}

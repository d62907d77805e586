import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Draft or published, as a small coloured label. */
export function PageStatusBadge({ status }: { status: "draft" | "published" }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === "published" ? "green" : "gray"} variant="light">
      {t(`pages.status.${status}`)}
    </Badge>
  );
}

import { Badge } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";

/** Draft, published, or scheduled (published with a date still to come). */
export function PostStatusBadge({
  status,
  publishedAt,
}: {
  status: "draft" | "published";
  publishedAt: string | null;
}) {
  const { t } = useTranslation();
  if (status === "draft") {
    return (
      <Badge color="gray" variant="light">
        {t("blog.editor.statuses.draft")}
      </Badge>
    );
  }
  const scheduled = publishedAt !== null && new Date(publishedAt).getTime() > Date.now();
  return (
    <Badge color={scheduled ? "blue" : "green"} variant="light">
      {scheduled ? t("blog.editor.scheduled") : t("blog.editor.statuses.published")}
    </Badge>
  );
}

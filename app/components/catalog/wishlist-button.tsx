// "Save for later" on a course page: members toggle the course on their wishlist (the page's action
// saves it); visitors are sent to sign in and come back to the course.
import { Button } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export function WishlistButton({ slug, saved, signedIn }: { slug: string; saved: boolean; signedIn: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ intent?: string; saved?: boolean }>();
  if (!signedIn) {
    return (
      <Button
        component={Link}
        to={`/login?redirect=${encodeURIComponent(`/course/${slug}`)}`}
        variant="default"
        leftSection={<IconHeart size={18} aria-hidden />}
      >
        {t("wishlist.save")}
      </Button>
    );
  }
  // Shown as saved at once while the request runs; the loader's answer follows it.
  const pending = fetcher.formData ? fetcher.formData.get("save") === "1" : null;
  const isSaved = pending ?? (fetcher.data?.intent === "wishlist" ? Boolean(fetcher.data.saved) : saved);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="wishlist" />
      <input type="hidden" name="save" value={isSaved ? "0" : "1"} />
      <Button
        type="submit"
        variant={isSaved ? "light" : "default"}
        color={isSaved ? "red" : undefined}
        aria-pressed={isSaved}
        data-testid="wishlist-toggle"
        leftSection={isSaved ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      >
        {isSaved ? t("wishlist.saved") : t("wishlist.save")}
      </Button>
    </fetcher.Form>
  );
}

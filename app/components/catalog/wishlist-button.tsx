// "Save for later" on a course page: members toggle the course on their wishlist (the page's action
// saves it); visitors are sent to sign in and come back to the course.
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { Link, useFetcher } from "react-router";
import { useTranslation } from "../../i18n/use-translation";

export function WishlistButton({ slug, saved, signedIn }: { slug: string; saved: boolean; signedIn: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ intent?: string; saved?: boolean }>();
  if (!signedIn) {
    return (
      <Link
        to={`/login?redirect=${encodeURIComponent(`/course/${slug}`)}`}
        className="pub-button"
        data-variant="default"
      >
        <IconHeart size={18} aria-hidden />
        {t("wishlist.save")}
      </Link>
    );
  }
  // Shown as saved at once while the request runs; the loader's answer follows it.
  const pending = fetcher.formData ? fetcher.formData.get("save") === "1" : null;
  const isSaved = pending ?? (fetcher.data?.intent === "wishlist" ? Boolean(fetcher.data.saved) : saved);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="wishlist" />
      <input type="hidden" name="save" value={isSaved ? "0" : "1"} />
      <button
        type="submit"
        className="pub-button"
        data-variant={isSaved ? "light-red" : "default"}
        aria-pressed={isSaved}
        data-testid="wishlist-toggle"
      >
        {isSaved ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
        {isSaved ? t("wishlist.saved") : t("wishlist.save")}
      </button>
    </fetcher.Form>
  );
}

import { IconUsers } from "@tabler/icons-react";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";

/** Members online now (spec §2); a link to messages once that screen exists. */
export function OnlineCount({ count, href }: { count: number; href: string | null }) {
  const { t } = useTranslation();
  const label = t("presence.online", { n: count });
  const body = (
    <>
      <span className="online-dot" aria-hidden />
      <IconUsers size={18} aria-hidden />
      <span className="count-text" aria-hidden>
        {count}
      </span>
    </>
  );
  return href ? (
    <Link className="online-count" to={href} aria-label={label} title={label}>
      {body}
    </Link>
  ) : (
    <span className="online-count" aria-label={label} title={label} role="img">
      {body}
    </span>
  );
}

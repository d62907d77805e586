import { IconX } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import { isNoticeActive } from "../lib/header-notice-rule";
import { noticeColors } from "../lib/site-theme-style";

const DISMISSED_KEY = "header-notice-dismissed";

type Notice = {
  text: string;
  background: string | null;
  start: string | null;
  expire: string | null;
  /** Whether it was in its time window when the page was rendered (which may have been cached). */
  activeAtRender: boolean;
};

/**
 * The site's header notice (spec §4): shown unless before its start, past its expiry, or dismissed
 * for this browser session. Its text is the owner's, shown as text.
 */
export function HeaderNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(notice.activeAtRender);
  useEffect(() => {
    let dismissed = false;
    try {
      dismissed = window.sessionStorage.getItem(DISMISSED_KEY) === notice.text;
    } catch {
      // no session storage: only the time window decides
    }
    setVisible(!dismissed && isNoticeActive(notice));
  }, [notice]);
  if (!visible) return null;
  const dismiss = () => {
    setVisible(false);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, notice.text);
    } catch {
      // dismissed for this page only
    }
  };
  return (
    <aside className="header-notice" style={noticeColors(notice.background)}>
      <p>{notice.text}</p>
      <button type="button" className="icon-button" aria-label={t("notice.dismiss")} onClick={dismiss}>
        <IconX size={16} aria-hidden />
      </button>
    </aside>
  );
}

import { Loader } from "@mantine/core";
import { type Data, Puck } from "@puckeditor/core";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "../i18n/use-translation";
import type { SiteTheme } from "../lib/site-chrome";
import { brandAttribute, siteThemeStyle } from "../lib/site-theme-style";
import { PageBlockInsert } from "./page-block-insert";
import { pageConfig } from "./page-blocks/config";
import { SiteFontStylesheet } from "./site-layout";

/** Below this width of the editor the block list starts closed, so the page keeps the room. */
const ROOM_FOR_BLOCK_LIST = 900;

type Props = {
  /** The stored document the editor starts from (read once, on mount). */
  initialData: Data;
  /** Every change the person makes, with the whole document. */
  onChange: (data: Data) => void;
  title: string;
  /** The site's font and primary colour: blocks are previewed as the public page shows them. */
  siteTheme: SiteTheme;
};

/**
 * The block editor (Puck): blocks on the left, the page in the middle, the selected block's fields
 * on the right. Runs in the browser only; the server renders a loading state in its place.
 */
export function PageEditor({ initialData, onChange, title, siteTheme }: Props) {
  const canvas = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  const config = useMemo(() => pageConfig(t), [t]);
  const [mounted, setMounted] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const [roomy, setRoomy] = useState(true);
  // Puck normalises the document once it loads; only changes after the person touched it count.
  const touched = useRef(false);
  const blocks = useMemo(
    () => Object.entries(config.components).map(([name, c]) => ({ name, label: c.label ?? name })),
    [config],
  );
  useEffect(() => {
    setRoomy((frame.current?.clientWidth ?? window.innerWidth) >= ROOM_FOR_BLOCK_LIST);
    setMounted(true);
  }, []);
  // Names what Puck draws without one. Its spinners carry a label but no role, so screen readers
  // never say it: they become images. Each block on the canvas is one draggable button whose content
  // is inert (page-blocks/config.tsx): it is named by its kind and its text.
  useEffect(() => {
    const root = canvas.current;
    if (!mounted || !root) return;
    const labels = new Map(blocks.map((b) => [b.name, b.label]));
    const name = () => {
      for (const el of root.querySelectorAll("span[aria-label]:not([role])")) el.setAttribute("role", "img");
      for (const el of root.querySelectorAll<HTMLElement>("[data-puck-component][role=button]")) {
        const kind = labels.get((el.dataset.puckComponent ?? "").split("-")[0] ?? "");
        if (!kind) continue;
        // The whole text as drawn, so the spoken name contains what is seen (WCAG 2.5.3).
        const text = el.innerText.replace(/\s+/g, " ").trim();
        const label = text ? `${kind}: ${text}` : kind;
        if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
      }
    };
    name();
    // Once per frame at most: typing in a block's fields changes its text on every key.
    let queued = 0;
    const watch = new MutationObserver(() => {
      if (!queued) {
        queued = requestAnimationFrame(() => {
          queued = 0;
          name();
        });
      }
    });
    watch.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      watch.disconnect();
      cancelAnimationFrame(queued);
    };
  }, [mounted, blocks]);
  const preview = useMemo(
    () =>
      function SitePreview({ children }: { children: ReactNode }) {
        return (
          <div className="page-editor-preview" style={siteThemeStyle(siteTheme)} {...brandAttribute(siteTheme)}>
            {children}
          </div>
        );
      },
    [siteTheme],
  );
  if (!mounted) {
    return (
      <div ref={frame} className="page-editor-loading" aria-busy="true">
        <Loader size="sm" /> {t("pages.editorLoading")}
      </div>
    );
  }
  return (
    <div
      ref={canvas}
      className="page-editor-canvas"
      onPointerDownCapture={() => {
        touched.current = true;
      }}
      onKeyDownCapture={() => {
        touched.current = true;
      }}
    >
      <SiteFontStylesheet theme={siteTheme} />
      <Puck
        config={config}
        data={initialData}
        headerTitle={title}
        iframe={{ enabled: false }}
        ui={{ leftSideBarVisible: roomy }}
        height="max(640px, calc(100dvh - 14rem))"
        overrides={{
          headerActions: () => <></>,
          preview,
          components: ({ children }) => (
            <>
              <PageBlockInsert blocks={blocks} />
              {children}
            </>
          ),
        }}
        onChange={(data) => {
          if (touched.current) onChange(data as Data);
        }}
      />
    </div>
  );
}

import { Loader } from "@mantine/core";
import { type Data, Puck } from "@puckeditor/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageBlockInsert } from "./page-block-insert";
import { pageConfig } from "./page-blocks/config";

type Props = {
  /** The stored document the editor starts from (read once, on mount). */
  initialData: Data;
  /** Every change the person makes, with the whole document. */
  onChange: (data: Data) => void;
  title: string;
};

/**
 * The block editor (Puck): blocks on the left, the page in the middle, the selected block's fields
 * on the right. Runs in the browser only; the server renders a loading state in its place.
 */
export function PageEditor({ initialData, onChange, title }: Props) {
  const { t } = useTranslation();
  const config = useMemo(() => pageConfig(t), [t]);
  const [mounted, setMounted] = useState(false);
  // Puck normalises the document once it loads; only changes after the person touched it count.
  const touched = useRef(false);
  const blocks = useMemo(
    () => Object.entries(config.components).map(([name, c]) => ({ name, label: c.label ?? name })),
    [config],
  );
  useEffect(() => setMounted(true), []);
  if (!mounted) {
    return (
      <div className="page-editor-loading" aria-busy="true">
        <Loader size="sm" /> {t("pages.editorLoading")}
      </div>
    );
  }
  return (
    <div
      className="page-editor-canvas"
      onPointerDownCapture={() => {
        touched.current = true;
      }}
      onKeyDownCapture={() => {
        touched.current = true;
      }}
    >
      <Puck
        config={config}
        data={initialData}
        headerTitle={title}
        iframe={{ enabled: false }}
        height="max(640px, calc(100dvh - 14rem))"
        overrides={{
          headerActions: () => <></>,
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

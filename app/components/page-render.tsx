import { type Data, Render } from "@puckeditor/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { pageConfig } from "./page-blocks/config";

/** A stored page document, rendered read-only (server-side too) for visitors. */
export function PageRender({ document }: { document: unknown }) {
  const { t } = useTranslation();
  const config = useMemo(() => pageConfig(t), [t]);
  const stored = (document ?? {}) as Partial<Data>;
  const data: Data = { content: stored.content ?? [], root: stored.root ?? { props: {} } };
  return (
    <div className="page-blocks">
      <Render config={config} data={data} />
    </div>
  );
}

import { useEffect, useRef } from "react";

/**
 * The site owner's own scripts (misc.scripts), added as written at the end of the page once the
 * visitor accepted third-party content. Markup inserted by script is inert, so each <script> is
 * replaced by a live copy, which the browser then runs.
 */
export function CustomScripts({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const template = document.createElement("template");
    template.innerHTML = html;
    for (const inert of Array.from(template.content.querySelectorAll("script"))) {
      const live = document.createElement("script");
      for (const attr of Array.from(inert.attributes)) live.setAttribute(attr.name, attr.value);
      live.text = inert.text;
      inert.replaceWith(live);
    }
    host.replaceChildren(template.content);
    return () => host.replaceChildren();
  }, [html]);
  return <div ref={ref} className="site-custom-scripts" />;
}

/** A block's button: a site path or an http(s) address (the server refuses anything else). */
export function BlockButton({ label, href, secondary }: { label: string; href: string; secondary?: boolean }) {
  if (!label) return null;
  const external = /^https?:\/\//i.test(href);
  return (
    <a
      className={`button${secondary ? " secondary" : ""}`}
      href={href || "#"}
      {...(external ? { rel: "noopener noreferrer" } : {})}
    >
      {label}
    </a>
  );
}

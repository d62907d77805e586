/** The site's logo (the dark variant in a dark theme, when there is one), or its title as text. */
export function SiteLogo({
  sitetitle,
  logo,
  darkLogo,
  width,
}: {
  sitetitle: string;
  logo: string | null;
  darkLogo: string | null;
  width: number;
}) {
  if (!logo && !darkLogo) return <span className="site-title-text">{sitetitle}</span>;
  const light = logo ?? darkLogo!;
  return (
    <>
      <img src={light} alt={sitetitle} style={{ width }} className={darkLogo ? "show-in-light" : undefined} />
      {darkLogo ? <img src={darkLogo} alt={sitetitle} style={{ width }} className="show-in-dark" /> : null}
    </>
  );
}

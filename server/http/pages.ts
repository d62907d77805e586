// The few pages the server answers itself, before any site is known.
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const unknownHostPage = (host: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>No site here</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7f9;color:#1f2430}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head>
<body><main><h1>No site is served at this address</h1>
<p><code>${escapeHtml(host)}</code> is not connected to any site on Atrium. Check the address, or ask the site's owner.</p>
</main></body></html>`;

/** What every page of a suspended site answers (decision 0031): no site content, only its name. */
export const suspendedSitePage = (
  lang: string,
  dir: "ltr" | "rtl",
  text: { title: string; body: string },
  siteTitle: string,
) => `<!doctype html>
<html lang="${escapeHtml(lang)}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(text.title)}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f6f7f9;color:#1f2430}
main{max-width:32rem;padding:2rem;text-align:center}h1{font-size:1.5rem}</style></head>
<body><main><h1>${escapeHtml(text.title)}</h1>
<p><strong>${escapeHtml(siteTitle)}</strong></p>
<p>${escapeHtml(text.body)}</p>
</main></body></html>`;

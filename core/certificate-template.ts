// Certificate text (spec §3 certificates): a course's template with {{student}}, {{course}},
// {{date}} and {{code}} replaced. Pure, so the PDF renderer and its tests share one rule.
export type CertificateTokens = { student: string; course: string; date: string; code: string };
export type CertificateText = { title: string; body: string; signature: string };

/** Used when a course enables certificates without writing its own text. */
export const DEFAULT_CERTIFICATE = {
  title: "Certificate of Completion",
  body: "This certifies that {{student}} has successfully completed the course {{course}} on {{date}}. Certificate number {{code}}.",
  signature: "Instructor",
} as const;

const TOKEN = /\{\{\s*(student|course|date|code)\s*\}\}/g;

/** Replaces the four known tokens; any other {{…}} is left as written. */
export function fillCertificateTokens(text: string, tokens: CertificateTokens): string {
  return text.replace(TOKEN, (_, name: keyof CertificateTokens) => tokens[name]);
}

/** The finished text of one certificate, from the course's template or the default. */
export function certificateText(
  template: { title?: string; body?: string; signature?: string } | null | undefined,
  tokens: CertificateTokens,
): CertificateText {
  const title = template?.title?.trim() || DEFAULT_CERTIFICATE.title;
  const body = template?.body?.trim() || DEFAULT_CERTIFICATE.body;
  const signature = template?.signature?.trim() || DEFAULT_CERTIFICATE.signature;
  return {
    title: fillCertificateTokens(title, tokens),
    body: fillCertificateTokens(body, tokens),
    signature: fillCertificateTokens(signature, tokens),
  };
}

/** The public address that verifies a certificate, on the site's own origin (its scheme and address). */
export const certificateUrl = (siteOrigin: string, code: string) =>
  `${siteOrigin.replace(/\/+$/, "")}/certificate/${encodeURIComponent(code)}`;

import { describe, expect, it } from "vitest";
import { certificateText, certificateUrl, DEFAULT_CERTIFICATE, fillCertificateTokens } from "./certificate-template";

const tokens = { student: "Sara Student", course: "Intro to Clay", date: "1 March 2026", code: "ABCD2345EFGH" };

describe("certificate template", () => {
  it("replaces every known token, also with spaces inside the braces and repeated", () => {
    expect(fillCertificateTokens("{{student}} / {{ course }} / {{date}} / {{code}} / {{student}}", tokens)).toBe(
      "Sara Student / Intro to Clay / 1 March 2026 / ABCD2345EFGH / Sara Student",
    );
  });

  it("leaves unknown tokens as written", () => {
    expect(fillCertificateTokens("Hello {{name}}", tokens)).toBe("Hello {{name}}");
  });

  it("falls back to the default template when the course has none or blank fields", () => {
    const text = certificateText(null, tokens);
    expect(text.title).toBe(DEFAULT_CERTIFICATE.title);
    expect(text.body).toContain("Sara Student");
    expect(text.body).toContain("Intro to Clay");
    expect(text.body).toContain("ABCD2345EFGH");
    expect(certificateText({ title: "  ", body: "" }, tokens).title).toBe(DEFAULT_CERTIFICATE.title);
  });

  it("uses the course's own title, body and signature", () => {
    const text = certificateText({ title: "Well done {{student}}", body: "{{course}}", signature: "Ivan" }, tokens);
    expect(text).toEqual({ title: "Well done Sara Student", body: "Intro to Clay", signature: "Ivan" });
  });

  it("builds the verification address", () => {
    expect(certificateUrl("https://demo.example.org", "AB CD")).toBe("https://demo.example.org/certificate/AB%20CD");
    expect(certificateUrl("http://demo.localhost:3000/", "XY")).toBe("http://demo.localhost:3000/certificate/XY");
  });
});

import { describe, expect, it } from "vitest";
import { checkFormDefinition, checkSubmission, csvCell, type FormField, honeypotFilled } from "./form-rules";

const f = (over: Partial<FormField> & Pick<FormField, "type" | "name">): FormField => ({
  id: over.name,
  label: over.name,
  required: false,
  ...over,
});
const email = f({ type: "email", name: "email", required: true });

describe("form definition", () => {
  it("accepts a form with a required e-mail field", () => {
    expect(checkFormDefinition([email, f({ type: "text", name: "name" })])).toEqual([]);
  });

  it("refuses two fields of one name, regardless of case", () => {
    expect(checkFormDefinition([email, f({ type: "text", name: "Email" })])).toEqual([
      { field: "fields.1.name", message: 'Two fields are named "Email"' },
    ]);
  });

  it("needs an e-mail field, and a required one", () => {
    expect(checkFormDefinition([f({ type: "text", name: "name" })])).toEqual([
      { field: "fields", message: "A form needs an e-mail field: it makes the contact" },
    ]);
    expect(checkFormDefinition([f({ type: "email", name: "email" })])[0].field).toBe("fields.0.required");
  });

  it("needs options for a select and a valid name", () => {
    const problems = checkFormDefinition([
      email,
      f({ type: "select", name: "size", options: [" "] }),
      f({ type: "text", name: "1st" }),
    ]);
    expect(problems.map((p) => p.field)).toEqual(["fields.1.options", "fields.2.name"]);
  });

  it("allows at most 50 fields", () => {
    const many = Array.from({ length: 50 }, (_, i) => f({ type: "text", name: `f${i}` }));
    expect(checkFormDefinition([email, ...many.slice(0, 49)])).toEqual([]);
    expect(checkFormDefinition([email, ...many])[0]).toEqual({
      field: "fields",
      message: "A form has at most 50 fields",
    });
  });
});

describe("submission", () => {
  const fields: FormField[] = [
    f({ type: "email", name: "email", required: true, message: "We need your e-mail" }),
    f({ type: "text", name: "name" }),
    f({ type: "number", name: "age" }),
    f({ type: "select", name: "level", options: ["Beginner", "Advanced"], required: true }),
    f({ type: "checkbox", name: "consent", required: true }),
    f({ type: "date", name: "start" }),
    f({ type: "hidden", name: "campaign", defaultValue: "spring" }),
  ];

  it("keeps the form's values, lower-cases the e-mail, sends the hidden default and drops unknown keys", () => {
    const r = checkSubmission(fields, {
      email: " Ada@School.ORG ",
      name: "Ada",
      age: "31",
      level: "Advanced",
      consent: "on",
      start: "2026-02-28",
      campaign: "forged",
      extra: "dropped",
    });
    expect(r).toEqual({
      ok: true,
      email: "ada@school.org",
      name: "Ada",
      values: {
        email: "ada@school.org",
        name: "Ada",
        age: "31",
        level: "Advanced",
        consent: true,
        start: "2026-02-28",
        campaign: "spring",
      },
    });
  });

  it("names each failing field with the form's message or the rule's", () => {
    const r = checkSubmission(fields, { email: "not-an-address", age: "many", level: "Expert", start: "2026-02-30" });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      { field: "email", rule: "email", message: "We need your e-mail" },
      { field: "age", rule: "number", message: "Enter a number" },
      { field: "level", rule: "option", message: "Choose one of the options" },
      { field: "consent", rule: "required", message: "This field is required" },
      { field: "start", rule: "date", message: "Enter a date" },
    ]);
  });

  it("treats a missing required value as required", () => {
    const r = checkSubmission([email], {});
    expect(r).toEqual({ ok: false, errors: [{ field: "email", rule: "required", message: "This field is required" }] });
  });
});

describe("honeypot and CSV", () => {
  it("spots a filled honeypot", () => {
    expect(honeypotFilled({ _hp: "http://spam" })).toBe(true);
    expect(honeypotFilled({ _hp: "" })).toBe(false);
    expect(honeypotFilled({})).toBe(false);
  });

  it("neutralises formulas and quotes what needs it", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell("+1")).toBe(`"'+1"`);
    expect(csvCell("-2")).toBe(`"'-2"`);
    expect(csvCell("@SUM(A1)")).toBe(`"'@SUM(A1)"`);
    expect(csvCell("a,b")).toBe(`"a,b"`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(true)).toBe("true");
  });
});

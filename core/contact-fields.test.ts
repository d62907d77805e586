import { describe, expect, it } from "vitest";
import { checkFieldValue, checkFieldValues, type FieldDefinition, isIsoDate } from "./contact-fields";

const def = (type: FieldDefinition["type"], options: string[] = []): FieldDefinition => ({ key: "k", type, options });
const DEFS: FieldDefinition[] = [
  { key: "company", type: "text", options: [] },
  { key: "seats", type: "number", options: [] },
  { key: "renewal", type: "date", options: [] },
  { key: "plan", type: "select", options: ["basic", "pro"] },
  { key: "vip", type: "checkbox", options: [] },
];

describe("checkFieldValue", () => {
  it("keeps text as written and refuses what is not text or too long", () => {
    expect(checkFieldValue(def("text"), "Acme")).toEqual({ ok: true, value: "Acme" });
    expect(checkFieldValue(def("text"), "")).toEqual({ ok: true, value: "" });
    expect(checkFieldValue(def("text"), 3).ok).toBe(false);
    expect(checkFieldValue(def("text"), "x".repeat(2001)).ok).toBe(false);
  });

  it("reads a number from a number or its text, and refuses anything else", () => {
    expect(checkFieldValue(def("number"), 12.5)).toEqual({ ok: true, value: 12.5 });
    expect(checkFieldValue(def("number"), " 7 ")).toEqual({ ok: true, value: 7 });
    expect(checkFieldValue(def("number"), "seven")).toEqual({ ok: false, message: "Must be a number" });
    expect(checkFieldValue(def("number"), true).ok).toBe(false);
    expect(checkFieldValue(def("number"), Number.POSITIVE_INFINITY).ok).toBe(false);
  });

  it("takes only a calendar date written YYYY-MM-DD", () => {
    expect(checkFieldValue(def("date"), "2026-02-28")).toEqual({ ok: true, value: "2026-02-28" });
    expect(checkFieldValue(def("date"), "2026-02-30").ok).toBe(false);
    expect(checkFieldValue(def("date"), "28/02/2026").ok).toBe(false);
    expect(checkFieldValue(def("date"), 20260228).ok).toBe(false);
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2023-02-29")).toBe(false);
  });

  it("takes only one of a select's options, exactly", () => {
    expect(checkFieldValue(def("select", ["basic", "pro"]), "pro")).toEqual({ ok: true, value: "pro" });
    expect(checkFieldValue(def("select", ["basic", "pro"]), "Pro")).toEqual({
      ok: false,
      message: "Must be one of: basic, pro",
    });
  });

  it("reads a checkbox from a boolean or the words true and false", () => {
    expect(checkFieldValue(def("checkbox"), true)).toEqual({ ok: true, value: true });
    expect(checkFieldValue(def("checkbox"), "false")).toEqual({ ok: true, value: false });
    expect(checkFieldValue(def("checkbox"), "yes").ok).toBe(false);
    expect(checkFieldValue(def("checkbox"), 1).ok).toBe(false);
  });

  it("clears a typed field given null or an empty input", () => {
    for (const type of ["number", "date", "select", "checkbox"] as const) {
      expect(checkFieldValue(def(type, ["a"]), "")).toEqual({ ok: true, value: null });
      expect(checkFieldValue(def(type, ["a"]), null)).toEqual({ ok: true, value: null });
    }
  });
});

describe("checkFieldValues", () => {
  it("answers the values as stored", () => {
    expect(
      checkFieldValues(DEFS, { company: "Acme", seats: "3", renewal: "2027-01-31", plan: "pro", vip: "true" }),
    ).toEqual({
      ok: true,
      values: { company: "Acme", seats: 3, renewal: "2027-01-31", plan: "pro", vip: true },
    });
  });

  it("names the field of the first value that does not match its type", () => {
    expect(checkFieldValues(DEFS, { company: "Acme", seats: "many" })).toEqual({
      ok: false,
      field: "fields.seats",
      message: "Must be a number",
    });
    expect(checkFieldValues(DEFS, { plan: "gold" })).toMatchObject({ ok: false, field: "fields.plan" });
  });

  it("refuses a key no field defines, unless it is removed or left as it was", () => {
    expect(checkFieldValues(DEFS, { colour: "red" })).toMatchObject({ ok: false, field: "fields.colour" });
    expect(checkFieldValues(DEFS, { colour: null })).toEqual({ ok: true, values: { colour: null } });
    expect(checkFieldValues(DEFS, { colour: "red" }, { colour: "red" })).toEqual({
      ok: true,
      values: { colour: "red" },
    });
    expect(checkFieldValues(DEFS, { colour: "blue" }, { colour: "red" })).toMatchObject({
      ok: false,
      field: "fields.colour",
    });
  });
});

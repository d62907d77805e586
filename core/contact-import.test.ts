import { describe, expect, it } from "vitest";
import { checkMapping, fieldKeyOf, guessMapping, prepareImport, statusOf } from "./contact-import";
import { parseCsv } from "./csv";

const read = (text: string) => {
  const { rows } = parseCsv(text);
  const [headers, ...data] = rows;
  return { headers, data };
};

describe("guessMapping", () => {
  it("finds the e-mail, name, status and tags columns from common headers", () => {
    expect(guessMapping(["E-mail", "First name", "Last Name", "Status", "Tags", "Company"])).toEqual([
      { target: "email" },
      { target: "name" },
      { target: "name" },
      { target: "status" },
      { target: "tags" },
      { target: "field", field: "company" },
    ]);
    expect(guessMapping(["Email Address", "Name"])[0]).toEqual({ target: "email" });
    expect(guessMapping(["Courriel", "Prénom"])).toEqual([{ target: "email" }, { target: "name" }]);
  });

  it("skips the columns of our own export an import does not take back", () => {
    expect(guessMapping(["email", "name", "status", "source", "tags", "lists", "fields", "created"])).toEqual([
      { target: "email" },
      { target: "name" },
      { target: "status" },
      { target: "skip" },
      { target: "tags" },
      { target: "skip" },
      { target: "skip" },
      { target: "skip" },
    ]);
  });

  it("makes field keys from other headers, once each", () => {
    expect(fieldKeyOf("Company name")).toBe("company_name");
    expect(fieldKeyOf("123")).toBeNull();
    expect(guessMapping(["email", "City", "city"])).toEqual([
      { target: "email" },
      { target: "field", field: "city" },
      { target: "skip" },
    ]);
  });
});

describe("checkMapping", () => {
  it("needs exactly one e-mail column and valid, distinct field keys", () => {
    expect(checkMapping(["a", "b"], [{ target: "name" }, { target: "skip" }])[0].message).toMatch(/e-mail/);
    expect(checkMapping(["a", "b"], [{ target: "email" }, { target: "email" }])[0].message).toMatch(/one column/);
    expect(checkMapping(["a", "b"], [{ target: "email" }, { target: "field", field: "Bad Key" }])[0].column).toBe("b");
    expect(checkMapping(["a", "b"], [{ target: "email" }, { target: "skip" }])).toEqual([]);
  });
});

describe("prepareImport", () => {
  it("merges rows of the same address regardless of case: later non-empty values win, tags united", () => {
    const { headers, data } = read(
      "email,name,tags,city\nAda@Example.org,Ada,a;b,London\nada@example.org,,b;c,Paris\nbob@example.org,Bob,,\n",
    );
    const out = prepareImport(headers, data, guessMapping(headers));
    expect(out.errors).toEqual([]);
    expect(out.skipped).toBe(1);
    expect(out.contacts).toEqual([
      { email: "ada@example.org", name: "Ada", status: null, tags: ["a", "b", "c"], fields: { city: "Paris" } },
      { email: "bob@example.org", name: "Bob", status: null, tags: [], fields: {} },
    ]);
  });

  it("gives each bad row one error naming its row number (the header is row 1)", () => {
    const { headers, data } = read(
      "email,name,status\nok@example.org,Ok,active\nnot-an-address,X,\n,No mail,\nbad@example.org,Y,maybe\n" +
        `long@example.org,${"n".repeat(201)},\nfoo@,Z,wrong\n`,
    );
    const out = prepareImport(headers, data, guessMapping(headers));
    expect(out.errors.map((e) => [e.row, e.code])).toEqual([
      [3, "email_invalid"],
      [4, "email_missing"],
      [5, "status_unknown"],
      [6, "too_long"],
      [7, "email_invalid"],
    ]);
    expect(out.errors[0].column).toBe("email");
    expect(out.errorCount).toBe(5);
  });

  it("refuses addresses at refused domains and skips empty rows", () => {
    const { headers, data } = read("email\nx@mailinator.com\n\n,\nok@example.org");
    const out = prepareImport(headers, data, [{ target: "email" }], { refusedDomain: (d) => d === "mailinator.com" });
    expect(out.errors).toMatchObject([{ row: 2, code: "email_refused" }]);
    expect(out.skipped).toBe(2);
  });

  it("joins several name columns and adds the chosen tags to every contact", () => {
    const { headers, data } = read("First name;Last name;Email\nAda;Lovelace;ada@example.org\n");
    const out = prepareImport(headers, data, guessMapping(headers), { extraTags: ["imported", " "] });
    expect(out.contacts).toEqual([
      { email: "ada@example.org", name: "Ada Lovelace", status: null, tags: ["imported"], fields: {} },
    ]);
  });

  it("reads the status words", () => {
    expect(statusOf("Subscribed")).toBe(1);
    expect(statusOf("unsubscribed")).toBe(0);
    expect(statusOf("")).toBeNull();
    expect(statusOf("perhaps")).toBeUndefined();
  });
});

import { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { groupFailures, looksLikePdf, ONE_ONLY, refusalOf } from "./uploadChecks";

describe("refusalOf", () => {
  it("lets PDFs up to the size limit go", () => {
    expect(refusalOf({ name: "seguro.pdf", type: "application/pdf", size: 1000 })).toBeNull();
    expect(refusalOf({ name: "seguro.pdf", type: "application/pdf", size: MAX_FILE_SIZE_BYTES })).toBeNull();
  });

  it("refuses files over 10 MB", () => {
    expect(refusalOf({ name: "big.pdf", type: "application/pdf", size: MAX_FILE_SIZE_BYTES + 1 })).toBe(
      ErrorKey.fileTooLarge,
    );
  });

  it("refuses what is not a PDF, by type or, without a useful type, by name", () => {
    expect(refusalOf({ name: "foto.jpg", type: "image/jpeg", size: 10 })).toBe(ErrorKey.fileNotPdf);
    expect(refusalOf({ name: "notas", type: "", size: 10 })).toBe(ErrorKey.fileNotPdf);
    expect(looksLikePdf({ name: "ESCANEO.PDF", type: "", size: 10 })).toBe(true);
    expect(looksLikePdf({ name: "escaneo", type: "application/x-pdf", size: 10 })).toBe(true);
  });
});

describe("groupFailures", () => {
  it("says each reason once, after the files it stopped", () => {
    expect(
      groupFailures([
        { key: 1, name: "a.pdf", error: ONE_ONLY },
        { key: 2, name: "b.jpg", error: ErrorKey.fileNotPdf },
        { key: 3, name: "c.pdf", error: ONE_ONLY },
      ]),
    ).toEqual([
      { error: ONE_ONLY, names: ["a.pdf", "c.pdf"] },
      { error: ErrorKey.fileNotPdf, names: ["b.jpg"] },
    ]);
  });
});

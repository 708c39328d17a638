import { ErrorKey, MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { MAX_SHEET_FILE_BYTES, SheetErrorKey } from "./sheet-errors.js";

describe("the sheet reader's own copy of the domain's keys and limit", () => {
  it("names every refused sheet with the domain's ErrorKey, under the same name", () => {
    const entries = Object.entries(SheetErrorKey);
    expect(entries).toHaveLength(9);
    for (const [name, key] of entries) expect(ErrorKey[name as keyof typeof ErrorKey]).toBe(key);
  });

  it("refuses files over the domain's upload limit", () => {
    expect(MAX_SHEET_FILE_BYTES).toBe(MAX_FILE_SIZE_BYTES);
  });
});

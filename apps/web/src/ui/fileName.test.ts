import { describe, expect, it } from "vitest";
import { fileNameOf } from "./fileName";

describe("the name of a downloaded file", () => {
  it("comes from Content-Disposition, filename* first", () => {
    expect(fileNameOf('attachment; filename="resumen-proveedores-2026-01-30.csv"', "x.csv")).toBe(
      "resumen-proveedores-2026-01-30.csv",
    );
    expect(fileNameOf("attachment; filename=resumen.csv", "x.csv")).toBe("resumen.csv");
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''caf%C3%A9.csv", "x.csv")).toBe("café.csv");
  });

  it("falls back when there is none", () => {
    expect(fileNameOf(null, "x.csv")).toBe("x.csv");
    expect(fileNameOf("attachment", "x.csv")).toBe("x.csv");
  });
});

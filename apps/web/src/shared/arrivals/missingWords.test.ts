import type { MissingDuty } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { arrivalLight, arrivalLightLabel, missingItems, missingWord } from "./missingWords";

const upload = (reason: "missing" | "expired" | "incomplete", expired_on: string | null = null): MissingDuty => ({
  kind: "upload",
  definition_id: 4,
  definition_name: "Seguro de responsabilidad civil",
  reason,
  expired_on,
});

const read: MissingDuty = {
  kind: "read",
  document_id: 9,
  definition_name: "Plan de emergencia",
  document_name: "plan-2026.pdf",
};

describe("what a provider lacks, in words", () => {
  it("says when an expired document stopped being valid, as DD/MM/YYYY", () => {
    expect(missingWord(upload("expired", "2026-03-12"))).toBe(
      "Seguro de responsabilidad civil: caducado el 12/03/2026",
    );
  });

  it("does not shift the day for a date at a year's edge", () => {
    expect(missingWord(upload("expired", "2025-12-31"))).toBe(
      "Seguro de responsabilidad civil: caducado el 31/12/2025",
    );
  });

  it("says an expired document without its date is expired", () => {
    expect(missingWord(upload("expired"))).toBe("Seguro de responsabilidad civil: caducado");
  });

  it("names a mandatory document never uploaded", () => {
    expect(missingWord(upload("missing"))).toBe("Seguro de responsabilidad civil: no subido");
  });

  it("names a document still without its expiry date", () => {
    expect(missingWord(upload("incomplete"))).toBe("Seguro de responsabilidad civil: falta la fecha de caducidad");
  });

  it("names a document still to read, with its file", () => {
    expect(missingWord(read)).toBe("Pendiente de leer: Plan de emergencia (plan-2026.pdf)");
  });

  it("keeps the server's order for a list", () => {
    expect(missingItems([read, upload("missing")]).map((item) => item.words)).toEqual([
      "Pendiente de leer: Plan de emergencia (plan-2026.pdf)",
      "Seguro de responsabilidad civil: no subido",
    ]);
    expect(missingItems([])).toEqual([]);
  });

  it("gives each item its own key, also two alike (the same definition twice, or the same words)", () => {
    const items = missingItems([upload("missing"), upload("missing"), read, { ...read, document_id: 10 }]);
    expect(items.map((item) => item.key)).toEqual(["upload-4-0", "upload-4-1", "read-9-2", "read-10-3"]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
    expect(items[0]?.words).toBe(items[1]?.words);
  });
});

describe("the arrival light", () => {
  it("is green when nothing is missing and red otherwise", () => {
    expect(arrivalLight([])).toBe("ok");
    expect(arrivalLightLabel([])).toBe("En regla");
    expect(arrivalLight([read])).toBe("error");
    expect(arrivalLightLabel([upload("missing")])).toBe("Le falta documentación");
  });
});

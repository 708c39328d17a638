import { type DefinitionRow, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { readCandidates, readColor, readFigure, readsRequirements } from "./readRequirements";

const row = (id: number, name: string, dest_read_required: boolean) =>
  ({ id, name, dest_read_required }) as DefinitionRow;

describe("read requirements: words and choices", () => {
  it("says how many of the reads owed are done, or that nobody must read it", () => {
    expect(readFigure(1, 3)).toEqual({ key: "read-by", read: 1, must: 3 });
    expect(readFigure(0, 0)).toEqual({ key: "nobody-reads", read: 0, must: 0 });
  });

  it("colours the reads as the read lights do: none owed grey, all green, some amber, none red", () => {
    expect([readColor(0, 0), readColor(2, 2), readColor(1, 2), readColor(0, 2)]).toEqual([
      "gray",
      "green",
      "yellow",
      "red",
    ]);
  });

  it("offers only the definitions not yet read-required, by name", () => {
    expect(
      readCandidates([row(1, "Seguro", false), row(2, "Normas", true), row(3, "Evaluación de riesgos", false)]),
    ).toEqual([
      { value: "3", label: "Evaluación de riesgos" },
      { value: "1", label: "Seguro" },
    ]);
  });
});

describe("who sees the read requirements", () => {
  it("is the colegio and its administrators", () => {
    expect(Object.values(Role).filter(readsRequirements).sort()).toEqual([Role.colegio, Role.administrador].sort());
  });
});

import { describe, expect, it } from "vitest";
import { porterOfQuery, porterPath } from "./porterSections";
import { pageOfQuery, readSummaryState, summaryListPath, summaryTarget } from "./summaryLink";

describe("the doormen summary's addresses", () => {
  it("reads -1 or nothing as the list, a positive integer as a porter, anything else as nothing", () => {
    expect(summaryTarget("-1")).toEqual({ kind: "list" });
    expect(summaryTarget(undefined)).toEqual({ kind: "list" });
    expect(summaryTarget("31")).toEqual({ kind: "porter", id: 31 });
    for (const bad of ["0", "-2", "3.5", "abc", "1e3", "99999999999999999999"])
      expect(summaryTarget(bad), bad).toBeNull();
  });

  it("keeps the list's page in the address and comes back to it", () => {
    expect(pageOfQuery(new URLSearchParams("page=3"))).toBe(3);
    expect(pageOfQuery(new URLSearchParams("page=x"))).toBe(1);
    expect(pageOfQuery(new URLSearchParams(""))).toBe(1);
    expect(summaryListPath(3)).toBe("/admin-fincas/porteros/-1?page=3");
    expect(summaryListPath(1)).toBe("/admin-fincas/porteros/-1");
    expect(readSummaryState({ page: 2, name: "Portería" })).toEqual({ page: 2, name: "Portería" });
    expect(readSummaryState(null)).toBeNull();
    expect(readSummaryState({ page: "2" })).toBeNull();
  });
});

describe("a porter's documents' address (spec 02 §2: idUserCompany and email)", () => {
  it("goes there and back", () => {
    const path = porterPath(7, { id: 31, email: "a+b@fincas.es" });
    expect(path).toBe("/comunidades/comunidad/7/porteros/portero?idUserCompany=31&email=a%2Bb%40fincas.es");
    expect(porterOfQuery(new URLSearchParams(path.split("?")[1]))).toEqual({ id: 31, email: "a+b@fincas.es" });
  });

  it("refuses an id that is not a positive integer", () => {
    for (const bad of ["", "0", "-3", "x", "2.5"])
      expect(porterOfQuery(new URLSearchParams({ idUserCompany: bad })), bad).toBeNull();
    expect(porterOfQuery(new URLSearchParams({ idUserCompany: "31" }))).toEqual({ id: 31, email: "" });
  });
});

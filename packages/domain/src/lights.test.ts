import { describe, expect, it } from "vitest";
import {
  combinedLight,
  communityLight,
  communityRowLight,
  lightFigure,
  NOTHING_EXPECTED,
  overviewLight,
  pendingFigure,
  providerDocsLight,
  providerRowLight,
  readLight,
  uploadLight,
  validationLight,
} from "./lights.js";

describe("nothing expected ('Nada esperado', docs/compliance.md §Lights)", () => {
  it("is the neutral light on every rule, whatever has been done", () => {
    expect(uploadLight(0, 0)).toBe("none");
    expect(uploadLight(2, 0)).toBe("none");
    expect(readLight(0, 0)).toBe("none");
    expect(communityLight(0, 0)).toBe("none");
    expect(communityLight(1, 0)).toBe("none");
    expect(providerDocsLight(0, 0)).toBe("none");
    expect(validationLight(0)).toBe("none");
    expect(overviewLight(0, 0)).toBe("none");
    expect(overviewLight(3, 0)).toBe("none");
  });
  it("shows a dash instead of 0/0 or 0", () => {
    expect(NOTHING_EXPECTED).toBe("—");
    expect(lightFigure(0, 0)).toBe("—");
    expect(lightFigure(3, 0)).toBe("—");
    expect(pendingFigure(0)).toBe("—");
  });
  it("shows the figures once something is expected", () => {
    expect(lightFigure(0, 2)).toBe("0/2");
    expect(lightFigure(3, 5)).toBe("3/5");
    expect(pendingFigure(2)).toBe("2");
  });
  it("treats a negative requirement as nothing expected", () => {
    expect(uploadLight(0, -1)).toBe("none");
    expect(lightFigure(0, -1)).toBe("—");
  });
});

describe("upload light", () => {
  it("is ok when uploaded reaches required, warn when not", () => {
    expect(uploadLight(3, 3)).toBe("ok");
    expect(uploadLight(4, 3)).toBe("ok");
    expect(uploadLight(2, 3)).toBe("warn");
    expect(uploadLight(0, 3)).toBe("warn");
  });
});

describe("read light", () => {
  it("is ok when all are read, warn when some, error when none", () => {
    expect(readLight(2, 2)).toBe("ok");
    expect(readLight(1, 2)).toBe("warn");
    expect(readLight(0, 2)).toBe("error");
  });
});

describe("validation light", () => {
  it("is error while any document awaits validation", () => {
    expect(validationLight(1)).toBe("error");
    expect(validationLight(3)).toBe("error");
  });
});

describe("community light", () => {
  it("is green when the count is met (spec 02 §2), red when nothing is done", () => {
    expect(communityLight(2, 2)).toBe("ok");
    expect(communityLight(3, 2)).toBe("ok");
    expect(communityLight(0, 2)).toBe("error");
  });
  it("is amber while part of what is expected is done", () => {
    expect(communityLight(1, 2)).toBe("warn");
  });
});

describe("provider documents light (a provider's communities, for the colegio)", () => {
  it("is red with nothing met, green with everything met, amber in between (spec 02 §4)", () => {
    expect(providerDocsLight(0, 3)).toBe("error");
    expect(providerDocsLight(1, 3)).toBe("warn");
    expect(providerDocsLight(3, 3)).toBe("ok");
  });
});

describe("the administrator's overview (spec 02 §4 'Admin overview')", () => {
  it("is green when the count meets what is owed, red otherwise, with no amber", () => {
    expect(overviewLight(3, 3)).toBe("ok");
    expect(overviewLight(4, 3)).toBe("ok");
    expect(overviewLight(2, 3)).toBe("error");
    expect(overviewLight(0, 1)).toBe("error");
  });
});

describe("a row's one light (the dashboards)", () => {
  it("is red if any is red, amber if any is amber, green if any is green, neutral only when all are", () => {
    expect(combinedLight(["ok", "warn", "error"])).toBe("error");
    expect(combinedLight(["none", "warn", "ok"])).toBe("warn");
    expect(combinedLight(["none", "ok"])).toBe("ok");
    expect(combinedLight(["none", "none"])).toBe("none");
    expect(combinedLight([])).toBe("none");
  });

  it("of a provider row: its uploads, reads and validations as the colegio's list shows them", () => {
    const row = { upload_must: 3, all_uploaded: 3, read_must: 2, read_all: 2, pending_validation: 0 };
    expect(providerRowLight(row)).toBe("ok");
    expect(providerRowLight({ ...row, read_all: 0 })).toBe("warn");
    expect(providerRowLight({ ...row, all_uploaded: 1, pending_validation: 1 })).toBe("error");
    expect(
      providerRowLight({ upload_must: 0, all_uploaded: 0, read_must: 0, read_all: 0, pending_validation: 0 }),
    ).toBe("none");
  });

  it("of a community row: its uploads and reads as the communities list shows them", () => {
    const row = { mandatory_count: 4, mandatory_uploaded_count: 4, expected_count_read: 2, count_read: 2 };
    expect(communityRowLight(row)).toBe("ok");
    expect(communityRowLight({ ...row, count_read: 1 })).toBe("warn");
    expect(communityRowLight({ ...row, mandatory_uploaded_count: 0 })).toBe("error");
    expect(communityRowLight({ ...row, mandatory_count: 0, expected_count_read: 0 })).toBe("none");
  });
});

import { describe, expect, it } from "vitest";
import { communityLight, providerDocsLight, readLight, uploadLight, validationLight } from "./lights.js";

describe("upload light", () => {
  it("is ok when uploaded reaches required, warn when required is above 0 and not met", () => {
    expect(uploadLight(3, 3)).toBe("ok");
    expect(uploadLight(4, 3)).toBe("ok");
    expect(uploadLight(0, 0)).toBe("ok");
    expect(uploadLight(2, 3)).toBe("warn");
    expect(uploadLight(0, 3)).toBe("warn");
  });
  it("is error otherwise (a negative requirement cannot be met)", () => {
    expect(uploadLight(-1, 0)).toBe("error");
  });
});

describe("read light", () => {
  it("is ok when all are read, warn when some, error when none", () => {
    expect(readLight(2, 2)).toBe("ok");
    expect(readLight(0, 0)).toBe("ok");
    expect(readLight(1, 2)).toBe("warn");
    expect(readLight(0, 2)).toBe("error");
  });
});

describe("validation light", () => {
  it("is error while any document awaits validation", () => {
    expect(validationLight(0)).toBe("ok");
    expect(validationLight(1)).toBe("error");
  });
});

describe("community light", () => {
  it("is green only when the count is met and something is expected (spec 02 §2)", () => {
    expect(communityLight(2, 2)).toBe("ok");
    expect(communityLight(3, 2)).toBe("ok");
    expect(communityLight(0, 2)).toBe("error");
    expect(communityLight(0, 0)).toBe("error");
  });
  it("is amber while part of what is expected is done", () => {
    expect(communityLight(1, 2)).toBe("warn");
  });
});

describe("provider documents light (a provider's communities, for the colegio)", () => {
  it("is red with nothing met, green with everything met, amber in between (spec 02 §4)", () => {
    expect(providerDocsLight(0, 3)).toBe("error");
    expect(providerDocsLight(0, 0)).toBe("error");
    expect(providerDocsLight(1, 3)).toBe("warn");
    expect(providerDocsLight(3, 3)).toBe("ok");
  });
});

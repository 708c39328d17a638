import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_VERSION, shownVersion } from "./version.js";

describe("app version", () => {
  it("writes the patch in two digits, as the spec shows 1.10.07", () => {
    expect(shownVersion("1.10.7")).toBe("1.10.07");
    expect(shownVersion("2.0.12")).toBe("2.0.12");
  });

  it("is the root package.json's version", () => {
    const rootPackage = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    expect(APP_VERSION).toBe(shownVersion(rootPackage.version));
  });
});

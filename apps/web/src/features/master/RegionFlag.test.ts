import { REGIONS } from "@coordina/domain";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RegionFlag } from "./RegionFlag";

const draw = (code: string | null, size?: number) => renderToStaticMarkup(createElement(RegionFlag, { code, size }));

describe("RegionFlag", () => {
  it("draws each of the 18 regions as a 3:2 image named after the region", () => {
    expect(REGIONS).toHaveLength(18);
    for (const region of REGIONS) {
      const svg = draw(region.code, 90);
      expect(svg, region.code).toContain(`role="img"`);
      expect(svg, region.code).toContain(`aria-label="${region.name}"`);
      expect(svg, region.code).toContain(`width="90" height="60"`);
      expect(svg, region.code).toMatch(/<(rect|path|circle|line)/);
    }
  });

  it("draws the flags differently from one another", () => {
    const shapes = REGIONS.map((r) =>
      draw(r.code).replace(/aria-label="[^"]*"|<title>.*?<\/title>|flag-clip-[^")]*/g, ""),
    );
    expect(new Set(shapes).size).toBe(REGIONS.length);
  });

  it("draws nothing for no region or an unknown one", () => {
    expect(draw(null)).toBe("");
    expect(draw("XX")).toBe("");
  });
});

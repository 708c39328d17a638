import { describe, expect, it } from "vitest";
import { formatFileSize } from "./fileSize";

describe("formatFileSize", () => {
  it("shows kB, MB and GB with one decimal", () => {
    expect(formatFileSize(0)).toBe("0,0 kB");
    expect(formatFileSize(512)).toBe("0,5 kB");
    expect(formatFileSize(1536)).toBe("1,5 kB");
    expect(formatFileSize(1024 * 1024)).toBe("1,0 MB");
    expect(formatFileSize(10 * 1024 * 1024 - 1)).toBe("10,0 MB");
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe("3,3 GB");
    expect(formatFileSize(2048 * 1024 ** 3)).toBe("2048,0 GB");
  });
});

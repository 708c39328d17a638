import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, expect, it } from "vitest";
import { precompress } from "./precompress.mjs";

const made = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

it("writes brotli and gzip copies of the text files worth it, which decompress to the same bytes", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coordina-dist-"));
  made.push(dir);
  fs.mkdirSync(path.join(dir, "assets"));
  const script = `console.log(${JSON.stringify("Coordina ".repeat(500))});`;
  fs.writeFileSync(path.join(dir, "assets", "index-abc.js"), script);
  fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Coordina</title>");
  fs.writeFileSync(path.join(dir, "assets", "logo.png"), Buffer.alloc(4096, 1));

  expect(precompress(dir)).toBe(1);
  const file = path.join(dir, "assets", "index-abc.js");
  expect(brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
  expect(gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
  expect(fs.statSync(`${file}.br`).size).toBeLessThan(script.length / 10);
  // Too small to gain anything, or not text: left alone.
  expect(fs.readdirSync(dir).sort()).toEqual(["assets", "index.html"]);
  expect(fs.readdirSync(path.join(dir, "assets")).sort()).toEqual([
    "index-abc.js",
    "index-abc.js.br",
    "index-abc.js.gz",
    "logo.png",
  ]);
});

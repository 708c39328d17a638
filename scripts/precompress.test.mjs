import fs from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { precompress } from "./precompress.mjs";
import { throwawayTrees } from "./throwaway-tree.mjs";

const tree = throwawayTrees("dist");

it("writes brotli and gzip copies of the text files worth it, which decompress to the same bytes", () => {
  const script = `console.log(${JSON.stringify("Coordina ".repeat(500))});`;
  const dir = tree({
    "assets/index-abc.js": script,
    "index.html": "<!doctype html><title>Coordina</title>",
    "assets/logo.png": Buffer.alloc(4096, 1),
  });

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

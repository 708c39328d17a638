import { expect, it } from "vitest";
import { findStaleReferences } from "./check-docs.mjs";
import { throwawayTrees } from "./throwaway-tree.mjs";

const tree = throwawayTrees("docs");

it("names the files docs/FEATURES.md cites that do not exist, by path or by bare name", () => {
  const dir = tree({
    "apps/web/src/Page.tsx": "",
    "docs/FEATURES.md":
      "| a | `apps/web/src/Page.tsx` | `Page.tsx`, `src/Page.tsx:3` | `apps/web/src/Gone.tsx`, `gone.test.ts` | `features/<f>/es.json`, `apps/**/*.test.ts` | `x.json` |\n",
  });
  expect(findStaleReferences(dir)).toEqual(["apps/web/src/Gone.tsx", "gone.test.ts"]);
});

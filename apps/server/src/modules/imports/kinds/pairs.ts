import type { ImportKindHandler } from "../import-kind.js";

// Placeholder until the helper writing this kind replaces it.
export const pairsImport: ImportKindHandler<unknown> = {
  kind: "pairs",
  scopeFor: () => Promise.reject(new Error("not built yet")),
  validate: () => Promise.reject(new Error("not built yet")),
  apply: () => Promise.reject(new Error("not built yet")),
};

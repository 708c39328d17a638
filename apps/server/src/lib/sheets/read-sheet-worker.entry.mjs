// The entry of the sheet worker (read-sheet-worker.ts). A worker does not get the server's `--import tsx`
// hook for its first module on Node 20, so this plain JavaScript loads the TypeScript body through tsx.
import { tsImport } from "tsx/esm/api";

await tsImport("./read-sheet-worker.thread.ts", import.meta.url);

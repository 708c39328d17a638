// The entry of the sheet worker (read-sheet-worker.ts). A worker does not get the server's `--import tsx`
// hook for its first module on Node 20, so this plain JavaScript loads the TypeScript body through tsx:
// its CommonJS API, which compiles in this thread. Its ESM API (`tsImport`) starts a thread of module
// hooks besides, and cost the worker some 25 MB more.
import { require } from "tsx/cjs/api";

require("./read-sheet-worker.thread.ts", import.meta.url);

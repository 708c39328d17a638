import type { ImportKind } from "@coordina/domain";
import type { ImportKindHandler } from "../import-kind.js";
import { administratorsImport } from "./administrators.js";
import { communitiesImport } from "./communities.js";
import { communityProvidersImport } from "./community-providers.js";
import { pairsImport } from "./pairs.js";
import { providersImport } from "./providers.js";

/**
 * A kind's handler as the runner holds it: its plans go from its own `validate` to its own `apply`, never
 * anywhere else, so their type need not be known there.
 */
const anyPlan = <Plan>(handler: ImportKindHandler<Plan>) => handler as unknown as ImportKindHandler<unknown>;

/** The handler of each kind of import. */
export const IMPORT_HANDLERS: Record<ImportKind, ImportKindHandler<unknown>> = {
  administrators: anyPlan(administratorsImport),
  providers: anyPlan(providersImport),
  communities: anyPlan(communitiesImport),
  "community-providers": anyPlan(communityProvidersImport),
  pairs: anyPlan(pairsImport),
};

import { ErrorKey, Role } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import type { DbOrTx } from "../../db/client.js";
import { AppError } from "../../lib/app-error.js";
import { pageCommunities, pageProviderCommunities } from "../communities/communities.repository.js";
import { pageCommunityProviders } from "../communities/community-providers.repository.js";
import { pageProviderFincas } from "../compliance/compliance.repository.js";
import { pageColegioCompanies } from "./companies.repository.js";
import { pageProviderActivities, pageProviderSummary } from "./providers.repository.js";

/**
 * The route schemas name each list's sort keys (an unknown one is 400 there: companies.test.ts,
 * communities.test.ts). Past them, every list of companies, communities and compliance orders through
 * sortSql, which refuses a key outside its table with 400 error.invalid-input before any SQL is built:
 * the lists run no query here (the database is a stand-in that fails if asked).
 */
const noDatabase = new Proxy({} as DbOrTx, {
  get() {
    throw new Error("the list reached the database");
  },
});
const page = { page: 1, limit: 10, filter: "", sortDesc: "ASC" as const };
/** A key no schema lets through, on purpose. */
const sortBy = "password_hash; drop table companies" as never;

const LISTS: Record<string, () => Promise<unknown>> = {
  "companies/colegio/index": () =>
    pageColegioCompanies(noDatabase, 1, { ...page, type: Role.gremio, filterNotRead: false, sortBy }),
  "companies/fincas/index": () => pageCommunities(noDatabase, { colegioId: 1 }, { ...page, sortBy }),
  "companies/fincas/provider": () => pageProviderCommunities(noDatabase, 1, 2, { ...page, sortBy }),
  "companies-providers/index": () => pageCommunityProviders(noDatabase, { id: 1, colegioId: 1 }, { ...page, sortBy }),
  "companies/admin-fincas/providersActivities": () => pageProviderActivities(noDatabase, 1, { ...page, sortBy }),
  "companies/providers/summary": () => pageProviderSummary(noDatabase, 1, { ...page, sortBy }),
  "companies/colegio-providers/fincas/:id": () =>
    pageProviderFincas(noDatabase, 1, 2, { ...page, sortBy }, "2025-01-01"),
};

describe("an unknown sort key past the route's schema", () => {
  it.each(Object.keys(LISTS))("is 400 error.invalid-input for %s, before any query", async (name) => {
    const refused = LISTS[name]!();
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ status: 400, key: ErrorKey.invalidInput });
  });
});

import {
  type CommunityProviderPairRequest,
  type communityProvidersIndexSchema,
  ErrorKey,
  normalizeTaxId,
} from "@coordina/domain";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { AppError, notFound } from "../../lib/app-error.js";
import { colegioScope } from "../companies/companies.policy.js";
import { communityFor } from "./communities.service.js";
import {
  findLink,
  findLiveCommunityOfAdmin,
  findProvider,
  linkProvider,
  pageCommunityProviders,
  unlinkProvider,
} from "./community-providers.repository.js";

/** The providers of a community, for the administrator that manages it and for its colegio. */
export async function listCommunityProviders(db: Db, actor: Actor, q: z.infer<typeof communityProvidersIndexSchema>) {
  const community = await communityFor(db, actor, q.idFinca, "listProviders");
  return pageCommunityProviders(db, community, q);
}

type Provider = NonNullable<Awaited<ReturnType<typeof findProvider>>>;

/**
 * Links a provider to a community of the caller. Only a provider registered on the platform (404 with
 * 'El gremio no está registrado en la plataforma') and working in the community's colegio (409): a
 * colegio decides who works in it, so an administrator cannot bring a provider the colegio has not
 * included, or has deactivated. Once only: 409 'El gremio ya ha sido añadido'.
 */
async function link(db: Db, community: { id: number; colegioId: number }, provider: Provider | undefined) {
  if (!provider || provider.erased) throw new AppError(404, ErrorKey.providerNotRegistered);
  if (!provider.member) throw new AppError(409, ErrorKey.providerNotInColegio);
  const id = await linkProvider(db, community.id, provider.id);
  if (id === undefined) throw new AppError(409, ErrorKey.providerPreviousExists);
  return { id, id_provider: provider.id, name: provider.name };
}

/** Append a provider chosen in the picker. */
export async function addProvider(db: Db, actor: Actor, input: { id_provider: number; id_company: number }) {
  const community = await communityFor(db, actor, input.id_company, "manage");
  return link(db, community, await findProvider(db, community.colegioId, { id: input.id_provider }));
}

/** Append a provider by its tax id. */
export async function addProviderByCif(db: Db, actor: Actor, input: { cif: string; id_company: number }) {
  const community = await communityFor(db, actor, input.id_company, "manage");
  const cifNorm = normalizeTaxId(input.cif);
  const provider = cifNorm ? await findProvider(db, community.colegioId, { cifNorm }) : undefined;
  return link(db, community, provider);
}

/** Removes a provider from a community (`id` is the link); its documents and read marks stay. */
export async function removeProvider(db: Db, actor: Actor, id: number) {
  const found = await findLink(db, id);
  if (!found) throw notFound();
  await communityFor(db, actor, found.communityId, "manage");
  if (found.erased || !(await unlinkProvider(db, id))) throw notFound();
}

/**
 * The pairs import: links by the tax ids of a community of the caller and of a provider. The errors say
 * which tax id failed; the importer shows them with the row's values.
 */
export async function addPair(db: Db, actor: Actor, input: CommunityProviderPairRequest) {
  const colegioId = colegioScope(actor);
  const fincaCif = normalizeTaxId(input.cif_finca);
  const community = fincaCif ? await findLiveCommunityOfAdmin(db, actor.companyId, colegioId, fincaCif) : undefined;
  if (!community) throw new AppError(404, ErrorKey.pairFincaNotFound);
  // The same checks as every other way of managing the community's providers.
  await communityFor(db, actor, community.id, "manage");
  const providerCif = normalizeTaxId(input.cif_provider);
  const provider = providerCif ? await findProvider(db, colegioId, { cifNorm: providerCif }) : undefined;
  if (!provider || provider.erased) throw new AppError(404, ErrorKey.pairProviderNotFound);
  try {
    return await link(db, community, provider);
  } catch (error) {
    if (error instanceof AppError && error.key === ErrorKey.providerPreviousExists)
      throw new AppError(409, ErrorKey.pairExists);
    throw error;
  }
}

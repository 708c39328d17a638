import { requirementIncludes } from "./documents.js";

/*
 * The compliance engine's reference model (docs/compliance.md). Plain data in, exact figures out, with no
 * shortcut: the server's SQL computes the same figures for the lists and property tests compare both on
 * random worlds. Keep this file the readable statement of the rules; make the SQL fast, not this.
 */

export interface ModelDefinition {
  id: number;
  colegioId: number;
  origin: number;
  dest: number;
  destReadRequired: boolean;
  /** uploaded per community: a document counts only in the community it was uploaded for */
  assocfinca: boolean;
  mandatory: boolean;
  obsoletable: boolean;
  validateColegioRequired: boolean;
  erased: boolean;
}

interface ModelCommunity {
  id: number;
  colegioId: number;
  adminCompanyId: number;
  erased: boolean;
}

/** A provider's link to a community; `erased` when removed from it. */
export interface ModelLink {
  communityId: number;
  providerId: number;
  erased: boolean;
}

export interface ModelDocument {
  id: number;
  definitionId: number;
  /** the uploader's company */
  companyId: number;
  /** the community it was uploaded for, or null for a general document */
  communityId: number | null;
  /** expiry date YYYY-MM-DD (valid through it), or null */
  obsolete: string | null;
  fileDeleted: boolean;
  erased: boolean;
  validated: boolean;
}

export interface ModelReadMark {
  documentId: number;
  communityId: number;
  readerCompanyId: number;
}

export interface ComplianceWorld {
  /** Spain's calendar day, YYYY-MM-DD */
  today: string;
  definitions: ModelDefinition[];
  communities: ModelCommunity[];
  links: ModelLink[];
  documents: ModelDocument[];
  reads: ModelReadMark[];
}

/** Figures of one provider in one community (spec 02 §3 'Community-provider row'). */
export interface ProviderInCommunityFigures {
  upload_must: number;
  uploaded_count: number;
  readed_must: number;
  readed_count: number;
}

/** Figures of a community in the communities list (spec 02 §3 'Community (finca) rows'). */
export interface CommunityFigures {
  mandatory_count: number;
  mandatory_uploaded_count: number;
  expected_count_read: number;
  count_read: number;
}

/** Figures of a provider company in a colegio (spec 01 §3 company list rows). */
export interface CompanyFigures {
  upload_must: number;
  all_uploaded: number;
  read_must: number;
  read_all: number;
  pending_validation: number;
}

/** One upload a party owes: a definition, for one community (bound definitions) or for all (null). */
interface UploadDuty {
  definitionId: number;
  communityId: number | null;
  met: boolean;
}

/** One document a party must read in one community. */
interface ReadDuty {
  documentId: number;
  communityId: number;
  met: boolean;
}

/**
 * A document is current when it is live (neither it nor its file deleted), not expired (valid through its
 * expiry day, by Spain's calendar) and complete (an obsoletable definition's document needs its date).
 */
export function isCurrentDocument(doc: ModelDocument, def: ModelDefinition, today: string): boolean {
  if (doc.erased || doc.fileDeleted || def.erased) return false;
  if (doc.obsolete === null) return !def.obsoletable;
  return doc.obsolete >= today;
}

/** Whether a document counts in a community: bound definitions there only, general ones everywhere. */
function documentCountsIn(doc: ModelDocument, def: ModelDefinition, communityId: number): boolean {
  return def.assocfinca ? doc.communityId === communityId : doc.communityId === null;
}

function index<T extends { id: number }>(rows: T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.id, r]));
}

/** The compliance figures of one world. Build once, ask many questions. */
export function complianceModel(world: ComplianceWorld) {
  const definitions = index(world.definitions);
  const communities = index(world.communities);
  const liveCommunity = (id: number) => {
    const c = communities.get(id);
    return c && !c.erased ? c : undefined;
  };
  /** the live providers of a live community */
  const providersOf = (communityId: number): number[] =>
    liveCommunity(communityId)
      ? [...new Set(world.links.filter((l) => l.communityId === communityId && !l.erased).map((l) => l.providerId))]
      : [];
  const serves = (communityId: number, providerId: number) => providersOf(communityId).includes(providerId);
  const marked = new Set(world.reads.map((r) => `${r.documentId}:${r.communityId}:${r.readerCompanyId}`));

  /** Mandatory definitions a provider must upload in a community of this colegio. */
  const providerUploadDefinitions = (colegioId: number) =>
    world.definitions.filter(
      (d) => !d.erased && d.colegioId === colegioId && d.mandatory && requirementIncludes(d.origin, "provider"),
    );

  const hasCurrent = (companyId: number, def: ModelDefinition, communityId: number | null) =>
    world.documents.some(
      (doc) =>
        doc.definitionId === def.id &&
        doc.companyId === companyId &&
        doc.communityId === communityId &&
        isCurrentDocument(doc, def, world.today),
    );

  /** The uploads a provider owes in a community it serves (none where it does not). */
  function uploadDuties(communityId: number, providerId: number): UploadDuty[] {
    const community = liveCommunity(communityId);
    if (!community || !serves(communityId, providerId)) return [];
    return providerUploadDefinitions(community.colegioId).map((def) => {
      const where = def.assocfinca ? communityId : null;
      return { definitionId: def.id, communityId: where, met: hasCurrent(providerId, def, where) };
    });
  }

  /**
   * The documents a provider must read in a community it serves: current documents that count there,
   * whose definition requires reading by a destination that includes providers, uploaded by the
   * community's administrator or by another of its live providers.
   */
  function readDuties(communityId: number, providerId: number): ReadDuty[] {
    const community = liveCommunity(communityId);
    if (!community || !serves(communityId, providerId)) return [];
    const parties = new Set([community.adminCompanyId, ...providersOf(communityId)]);
    parties.delete(providerId);
    const duties: ReadDuty[] = [];
    for (const doc of world.documents) {
      const def = definitions.get(doc.definitionId);
      if (!def || def.colegioId !== community.colegioId) continue;
      if (!def.destReadRequired || !requirementIncludes(def.dest, "provider")) continue;
      if (!parties.has(doc.companyId) || !isCurrentDocument(doc, def, world.today)) continue;
      if (!documentCountsIn(doc, def, communityId)) continue;
      duties.push({ documentId: doc.id, communityId, met: marked.has(`${doc.id}:${communityId}:${providerId}`) });
    }
    return duties;
  }

  function providerInCommunity(communityId: number, providerId: number): ProviderInCommunityFigures {
    const uploads = uploadDuties(communityId, providerId);
    const reads = readDuties(communityId, providerId);
    return {
      upload_must: uploads.length,
      uploaded_count: uploads.filter((d) => d.met).length,
      readed_must: reads.length,
      readed_count: reads.filter((d) => d.met).length,
    };
  }

  /** A community's figures: the sums over the rows of its providers list. */
  function community(communityId: number): CommunityFigures {
    const sum: CommunityFigures = {
      mandatory_count: 0,
      mandatory_uploaded_count: 0,
      expected_count_read: 0,
      count_read: 0,
    };
    for (const providerId of providersOf(communityId)) {
      const f = providerInCommunity(communityId, providerId);
      sum.mandatory_count += f.upload_must;
      sum.mandatory_uploaded_count += f.uploaded_count;
      sum.expected_count_read += f.readed_must;
      sum.count_read += f.readed_count;
    }
    return sum;
  }

  /** The live communities of a colegio a provider serves. */
  function communitiesServed(colegioId: number, providerId: number): number[] {
    return world.communities
      .filter((c) => !c.erased && c.colegioId === colegioId && serves(c.id, providerId))
      .map((c) => c.id);
  }

  /**
   * A provider's uploads still owed in a colegio, each once: a general definition once however many
   * communities it serves, a bound definition once per community.
   */
  function companyUploadDuties(colegioId: number, providerId: number): UploadDuty[] {
    const distinct = new Map<string, UploadDuty>();
    for (const communityId of communitiesServed(colegioId, providerId)) {
      for (const duty of uploadDuties(communityId, providerId))
        distinct.set(`${duty.definitionId}:${duty.communityId}`, duty);
    }
    return [...distinct.values()];
  }

  /** Current documents of the company, for this colegio's definitions, waiting for the colegio's validation. */
  function pendingValidation(colegioId: number, companyId: number): number {
    return world.documents.filter((doc) => {
      const def = definitions.get(doc.definitionId);
      return (
        def !== undefined &&
        def.colegioId === colegioId &&
        def.validateColegioRequired &&
        doc.companyId === companyId &&
        !doc.validated &&
        isCurrentDocument(doc, def, world.today)
      );
    }).length;
  }

  /** A provider company's row in the colegio's lists: distinct uploads, reads summed over communities. */
  function company(colegioId: number, providerId: number): CompanyFigures {
    const uploads = companyUploadDuties(colegioId, providerId);
    const reads = communitiesServed(colegioId, providerId).flatMap((c) => readDuties(c, providerId));
    return {
      upload_must: uploads.length,
      all_uploaded: uploads.filter((d) => d.met).length,
      read_must: reads.length,
      read_all: reads.filter((d) => d.met).length,
      pending_validation: pendingValidation(colegioId, providerId),
    };
  }

  return {
    uploadDuties,
    readDuties,
    providerInCommunity,
    community,
    communitiesServed,
    companyUploadDuties,
    company,
    pendingValidation,
    providersOf,
  };
}

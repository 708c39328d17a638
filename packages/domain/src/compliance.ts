import { type DocumentParty, requirementIncludes } from "./documents.js";
import type { MissingDuty } from "./schemas/porters.js";

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
  /** the definition's name (what unmetDuties names and sorts by); "" when not given */
  name?: string;
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
  /** the file's name (what unmetDuties names and sorts by); "" when not given */
  fileName?: string;
}

/**
 * A porter's link to a community, by the porter's company (which owns its documents and read marks);
 * `erased` when the link is removed or the porter's user is deleted.
 */
export interface ModelPorterLink {
  communityId: number;
  porterCompanyId: number;
  erased: boolean;
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
  porterLinks: ModelPorterLink[];
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

/** Figures of one porter in one community (spec 02 §3 'Porter rows'). */
export interface PorterInCommunityFigures {
  upload_must: number;
  uploaded_count: number;
  read_must: number;
  read_count: number;
}

/**
 * Figures of one porter, or one provider, over a set of communities (spec 02 §3 'Summary row' of the doormen
 * summary, 'Provider summary row' of the administrator's overview).
 */
export interface PorterOverFigures {
  must_upload: number;
  uploaded: number;
  must_read: number;
  readed: number;
  numfincas: number;
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

/**
 * Names in the SQL's `order by lower(name)`: lower-cased, then by code unit. The database's collation may
 * place accents and punctuation elsewhere; names that differ only in their digits (the property tests')
 * sort the same either way.
 */
function byName(a: string | undefined, b: string | undefined): number {
  const x = (a ?? "").toLowerCase();
  const y = (b ?? "").toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
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
  /** the live porters (their companies) of a live community */
  const portersOf = (communityId: number): number[] =>
    liveCommunity(communityId)
      ? [
          ...new Set(
            world.porterLinks.filter((l) => l.communityId === communityId && !l.erased).map((l) => l.porterCompanyId),
          ),
        ]
      : [];
  const worksIn = (communityId: number, porterId: number) => portersOf(communityId).includes(porterId);
  const marked = new Set(world.reads.map((r) => `${r.documentId}:${r.communityId}:${r.readerCompanyId}`));

  /** Mandatory definitions a party (provider or porter) must upload in a community of this colegio. */
  const uploadDefinitions = (colegioId: number, party: DocumentParty) =>
    world.definitions.filter(
      (d) => !d.erased && d.colegioId === colegioId && d.mandatory && requirementIncludes(d.origin, party),
    );

  /** The live documents (neither they nor their files deleted) a company has for a definition, there. */
  const liveDocuments = (companyId: number, def: ModelDefinition, communityId: number | null) =>
    world.documents.filter(
      (doc) =>
        doc.definitionId === def.id &&
        doc.companyId === companyId &&
        doc.communityId === communityId &&
        !doc.erased &&
        !doc.fileDeleted,
    );

  const hasCurrent = (companyId: number, def: ModelDefinition, communityId: number | null) =>
    liveDocuments(companyId, def, communityId).some((doc) => isCurrentDocument(doc, def, world.today));

  /** The uploads a company owes as `party` in a community where it is one (the caller checks that). */
  function uploadsOwed(communityId: number, companyId: number, party: DocumentParty): UploadDuty[] {
    const community = liveCommunity(communityId);
    if (!community) return [];
    return uploadDefinitions(community.colegioId, party).map((def) => {
      const where = def.assocfinca ? communityId : null;
      return { definitionId: def.id, communityId: where, met: hasCurrent(companyId, def, where) };
    });
  }

  /**
   * The documents a company must read as `party` in a community where it is one (the caller checks
   * that): current documents that count there, whose definition requires reading by a destination that
   * includes the party, uploaded by the community's administrator or by one of its live providers other
   * than the reader itself.
   */
  function readsOwed(communityId: number, readerId: number, party: DocumentParty): ReadDuty[] {
    const community = liveCommunity(communityId);
    if (!community) return [];
    const parties = new Set([community.adminCompanyId, ...providersOf(communityId)]);
    parties.delete(readerId);
    const duties: ReadDuty[] = [];
    for (const doc of world.documents) {
      const def = definitions.get(doc.definitionId);
      if (!def || def.colegioId !== community.colegioId) continue;
      if (!def.destReadRequired || !requirementIncludes(def.dest, party)) continue;
      if (!parties.has(doc.companyId) || !isCurrentDocument(doc, def, world.today)) continue;
      if (!documentCountsIn(doc, def, communityId)) continue;
      duties.push({ documentId: doc.id, communityId, met: marked.has(`${doc.id}:${communityId}:${readerId}`) });
    }
    return duties;
  }

  /** The uploads a provider owes in a community it serves (none where it does not). */
  const uploadDuties = (communityId: number, providerId: number): UploadDuty[] =>
    serves(communityId, providerId) ? uploadsOwed(communityId, providerId, "provider") : [];

  /** The documents a provider must read in a community it serves (none where it does not). */
  const readDuties = (communityId: number, providerId: number): ReadDuty[] =>
    serves(communityId, providerId) ? readsOwed(communityId, providerId, "provider") : [];

  /** The uploads a porter (its company) owes in a community where it is a live porter. */
  const porterUploadDuties = (communityId: number, porterId: number): UploadDuty[] =>
    worksIn(communityId, porterId) ? uploadsOwed(communityId, porterId, "portero") : [];

  /** The documents a porter (its company) must read in a community where it is a live porter. */
  const porterReadDuties = (communityId: number, porterId: number): ReadDuty[] =>
    worksIn(communityId, porterId) ? readsOwed(communityId, porterId, "portero") : [];

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

  /** A community's figures: the sums over the rows of its providers list (porters do not count here). */
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

  /** Upload duties counted each once: a general definition once, a bound one once per community. */
  function distinctDuties(duties: UploadDuty[]): UploadDuty[] {
    const distinct = new Map<string, UploadDuty>();
    for (const duty of duties) distinct.set(`${duty.definitionId}:${duty.communityId}`, duty);
    return [...distinct.values()];
  }

  /**
   * A provider's uploads still owed in a colegio, each once: a general definition once however many
   * communities it serves, a bound definition once per community.
   */
  const companyUploadDuties = (colegioId: number, providerId: number): UploadDuty[] =>
    distinctDuties(communitiesServed(colegioId, providerId).flatMap((c) => uploadDuties(c, providerId)));

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

  /** A porter's row in a community's porters card. */
  function porterInCommunity(communityId: number, porterId: number): PorterInCommunityFigures {
    const uploads = porterUploadDuties(communityId, porterId);
    const reads = porterReadDuties(communityId, porterId);
    return {
      upload_must: uploads.length,
      uploaded_count: uploads.filter((d) => d.met).length,
      read_must: reads.length,
      read_count: reads.filter((d) => d.met).length,
    };
  }

  /**
   * A party's figures over those of `communityIds` where it is one (`isParty`): its uploads each once (as a
   * provider's in a colegio), its reads summed over the communities, and how many communities they are.
   */
  function figuresOver(
    communityIds: number[],
    isParty: (communityId: number) => boolean,
    uploadsIn: (communityId: number) => UploadDuty[],
    readsIn: (communityId: number) => ReadDuty[],
  ): PorterOverFigures {
    const where = [...new Set(communityIds)].filter(isParty);
    const uploads = distinctDuties(where.flatMap(uploadsIn));
    const reads = where.flatMap(readsIn);
    return {
      must_upload: uploads.length,
      uploaded: uploads.filter((d) => d.met).length,
      must_read: reads.length,
      readed: reads.filter((d) => d.met).length,
      numfincas: where.length,
    };
  }

  /** A porter's row in the doormen summary, over those of `communityIds` where it is a live porter (rule 10). */
  const porterOver = (porterId: number, communityIds: number[]): PorterOverFigures =>
    figuresOver(
      communityIds,
      (c) => worksIn(c, porterId),
      (c) => porterUploadDuties(c, porterId),
      (c) => porterReadDuties(c, porterId),
    );

  /** A provider's row in the administrator's compliance overview, over those of `communityIds` it serves (rule 12). */
  const providerOver = (providerId: number, communityIds: number[]): PorterOverFigures =>
    figuresOver(
      communityIds,
      (c) => serves(c, providerId),
      (c) => uploadDuties(c, providerId),
      (c) => readDuties(c, providerId),
    );

  /** Why an unmet upload is unmet: by the newest live document (highest id) the company has for it. */
  function unmetUpload(duty: UploadDuty, providerId: number): MissingDuty {
    const def = definitions.get(duty.definitionId) as ModelDefinition;
    const held = liveDocuments(providerId, def, duty.communityId);
    const newest = held.reduce<ModelDocument | undefined>((n, doc) => (n && n.id > doc.id ? n : doc), undefined);
    const name = def.name ?? "";
    if (!newest)
      return { kind: "upload", definition_id: def.id, definition_name: name, reason: "missing", expired_on: null };
    if (newest.obsolete === null)
      return { kind: "upload", definition_id: def.id, definition_name: name, reason: "incomplete", expired_on: null };
    const dates = held.flatMap((doc) => doc.obsolete ?? []).sort();
    return {
      kind: "upload",
      definition_id: def.id,
      definition_name: name,
      reason: "expired",
      expired_on: dates[dates.length - 1] ?? null,
    };
  }

  /**
   * What a provider lacks in a community (the arrival check): its unmet uploads by definition name,
   * then its unread documents by definition name and file name; [] where it does not serve it.
   */
  function unmetDuties(communityId: number, providerId: number): MissingDuty[] {
    const uploads = uploadDuties(communityId, providerId)
      .filter((d) => !d.met)
      .map((d) => ({ d, def: definitions.get(d.definitionId) as ModelDefinition }))
      .sort((a, b) => byName(a.def.name, b.def.name) || a.def.id - b.def.id)
      .map(({ d }) => unmetUpload(d, providerId));
    const reads = readDuties(communityId, providerId)
      .filter((d) => !d.met)
      .map((d) => {
        const doc = world.documents.find((x) => x.id === d.documentId) as ModelDocument;
        return { doc, def: definitions.get(doc.definitionId) as ModelDefinition };
      })
      .sort(
        (a, b) =>
          byName(a.def.name, b.def.name) ||
          byName(a.doc.fileName, b.doc.fileName) ||
          a.def.id - b.def.id ||
          a.doc.id - b.doc.id,
      )
      .map(
        ({ doc, def }): MissingDuty => ({
          kind: "read",
          document_id: doc.id,
          definition_name: def.name ?? "",
          document_name: doc.fileName ?? "",
        }),
      );
    return [...uploads, ...reads];
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
    portersOf,
    porterUploadDuties,
    porterReadDuties,
    porterInCommunity,
    porterOver,
    providerOver,
    unmetDuties,
  };
}

import { Requirement, Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import { COLEGIO_A, COLEGIO_B, callerOf, companyOf, ME, OTHER, ROLE_NAMES } from "../../../test/policy-callers.js";
import type { CommunityRelation } from "../communities/communities.policy.js";
import { definitionPolicy, type UploadTarget } from "./definitions.policy.js";
import { type DocumentFacts, documentPolicy } from "./documents.policy.js";

/**
 * The document policy answered for every role against every way a caller can stand to a definition or
 * a document, as tables. The caller's company is ME (for the colegio role: colegio A itself); the
 * definitions are colegio A's unless the case says otherwise; `chosen` is the colegio the request
 * selected (colg_id).
 */

describe("the table covers the domain", () => {
  it("has a row for every role, with the codes of the spec", () => {
    expect(Role).toEqual({
      superadministrator: 0,
      master: 5,
      sat: 6,
      colegio: 10,
      administrador: 15,
      gremio: 20,
      portero: 25,
      finca: 30,
      unknown: 100,
    });
  });
});

// ── Definitions: edit (colegio only, its own) and read (members of the colegio) ──

interface ReadCase {
  colegioId: number;
  standing: { member: boolean; porterInColegio: boolean };
  chosen: number | null;
}
const STANDING_NONE = { member: false, porterInColegio: false };
const READ_CASES = {
  /** colegio A's definitions, its company an active member, no colegio chosen */
  member: { colegioId: COLEGIO_A, standing: { ...STANDING_NONE, member: true }, chosen: null },
  /** … with colegio A chosen */
  memberChosen: { colegioId: COLEGIO_A, standing: { ...STANDING_NONE, member: true }, chosen: COLEGIO_A },
  /** … with colegio B chosen */
  memberChosenOther: { colegioId: COLEGIO_A, standing: { ...STANDING_NONE, member: true }, chosen: COLEGIO_B },
  /** colegio A's, the company not (or no longer) a member */
  notMember: { colegioId: COLEGIO_A, standing: STANDING_NONE, chosen: null },
  notMemberChosen: { colegioId: COLEGIO_A, standing: STANDING_NONE, chosen: COLEGIO_A },
  /** the caller is a porter of a community of colegio A */
  porter: { colegioId: COLEGIO_A, standing: { ...STANDING_NONE, porterInColegio: true }, chosen: null },
  porterChosen: { colegioId: COLEGIO_A, standing: { ...STANDING_NONE, porterInColegio: true }, chosen: COLEGIO_A },
  porterChosenOther: {
    colegioId: COLEGIO_A,
    standing: { ...STANDING_NONE, porterInColegio: true },
    chosen: COLEGIO_B,
  },
  /** colegio B's definitions, every standing there, no colegio chosen */
  otherColegio: { colegioId: COLEGIO_B, standing: { member: true, porterInColegio: true }, chosen: null },
  /** … with colegio A chosen */
  otherColegioChosenA: { colegioId: COLEGIO_B, standing: { member: true, porterInColegio: true }, chosen: COLEGIO_A },
} satisfies Record<string, ReadCase>;
type ReadCaseName = keyof typeof READ_CASES;
const READ_CASE_NAMES = Object.keys(READ_CASES) as ReadCaseName[];
const COLEGIO_A_READ = READ_CASE_NAMES.filter((n) => READ_CASES[n].colegioId === COLEGIO_A);

const READ_TABLE: Record<RoleName, { read: ReadCaseName[]; edit: ReadCaseName[] }> = {
  superadministrator: { read: [], edit: [] },
  master: { read: [], edit: [] },
  sat: { read: [], edit: [] },
  colegio: { read: COLEGIO_A_READ, edit: COLEGIO_A_READ },
  administrador: { read: ["member", "memberChosen", "otherColegio"], edit: [] },
  gremio: { read: ["member", "memberChosen", "otherColegio"], edit: [] },
  portero: { read: ["porter", "porterChosen", "otherColegio"], edit: [] },
  finca: { read: [], edit: [] },
  unknown: { read: [], edit: [] },
};

describe("definitions: who edits and who reads them", () => {
  it("has a row for every role", () => {
    expect(Object.keys(READ_TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(READ_TABLE))("%s", (roleName, row) => {
    it.each(READ_CASE_NAMES)("reads and edits %s as the table says", (name) => {
      const { colegioId, standing, chosen } = READ_CASES[name];
      const actor = callerOf(roleName as RoleName, chosen);
      expect(definitionPolicy.can(actor, "read", { colegioId, ...standing }), "mayReadDefinitions").toBe(
        row.read.includes(name),
      );
      expect(definitionPolicy.can(actor, "edit", { colegioId }), "mayEditDefinitions").toBe(row.edit.includes(name));
    });
  });

  it("only the colegio edits, its own definitions, whatever colg_id says", () => {
    for (const chosen of [null, COLEGIO_A, COLEGIO_B]) {
      expect(
        definitionPolicy.can({ role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen }, "edit", {
          colegioId: 10,
        }),
      ).toBe(true);
      expect(
        definitionPolicy.can({ role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen }, "edit", {
          colegioId: COLEGIO_B,
        }),
      ).toBe(false);
    }
    // A company whose id happens to be the colegio's is still not the colegio.
    for (const role of [Role.administrador, Role.gremio, Role.portero, Role.master, Role.superadministrator]) {
      expect(
        definitionPolicy.can({ role, companyId: COLEGIO_A, colegioId: COLEGIO_A }, "edit", { colegioId: COLEGIO_A }),
      ).toBe(false);
    }
  });
});

// ── Upload: the origin names the caller's party, and the place is its own ──

const REL_NONE: CommunityRelation = { member: false, serves: false, porter: false };
type Place = Omit<UploadTarget, "origin" | "colegioId"> & { chosen: number | null };
const general = (member: boolean, porterInColegio: boolean, chosen: number | null = null): Place => ({
  assocfinca: false,
  community: null,
  member,
  porterInColegio,
  chosen,
});
const bound = (
  community: { colegioId: number; adminCompanyId: number; rel: CommunityRelation } | null,
  chosen: number | null = null,
): Place => ({
  assocfinca: true,
  community,
  // How the caller stands in the colegio does not decide a bound upload: the community does.
  member: true,
  porterInColegio: true,
  chosen,
});

const PLACES = {
  /** a general definition, the company an active member of the colegio */
  generalMember: general(true, false),
  generalMemberChosen: general(true, false, COLEGIO_A),
  generalMemberChosenOther: general(true, false, COLEGIO_B),
  /** … not a member */
  generalNotMember: general(false, false),
  /** … the caller a porter of a community of the colegio */
  generalPorter: general(false, true),
  generalPorterChosenOther: general(false, true, COLEGIO_B),
  /** a bound definition, for a community the caller's company manages, a member of the colegio */
  boundManaged: bound({ colegioId: COLEGIO_A, adminCompanyId: ME, rel: { ...REL_NONE, member: true } }),
  boundManagedChosenOther: bound(
    { colegioId: COLEGIO_A, adminCompanyId: ME, rel: { ...REL_NONE, member: true } },
    COLEGIO_B,
  ),
  /** … its membership of the colegio deactivated */
  boundManagedInactive: bound({ colegioId: COLEGIO_A, adminCompanyId: ME, rel: REL_NONE }),
  /** … another administrator's community of the colegio */
  boundOtherAdmins: bound({ colegioId: COLEGIO_A, adminCompanyId: OTHER, rel: { ...REL_NONE, member: true } }),
  /** … a community the caller serves as a provider */
  boundServed: bound({ colegioId: COLEGIO_A, adminCompanyId: OTHER, rel: { ...REL_NONE, member: true, serves: true } }),
  boundServedChosenOther: bound(
    { colegioId: COLEGIO_A, adminCompanyId: OTHER, rel: { ...REL_NONE, member: true, serves: true } },
    COLEGIO_B,
  ),
  /** … served, but the provider's membership deactivated */
  boundServedInactive: bound({ colegioId: COLEGIO_A, adminCompanyId: OTHER, rel: { ...REL_NONE, serves: true } }),
  /** … a community the caller works in as its porter */
  boundPorter: bound({ colegioId: COLEGIO_A, adminCompanyId: OTHER, rel: { ...REL_NONE, porter: true } }),
  /** … a community of another colegio, every relation true (colegio A's definition does not apply there) */
  boundOtherColegio: bound({
    colegioId: COLEGIO_B,
    adminCompanyId: ME,
    rel: { member: true, serves: true, porter: true },
  }),
  /** … no community given */
  boundNoCommunity: bound(null),
} satisfies Record<string, Place>;
type PlaceName = keyof typeof PLACES;
const PLACE_NAMES = Object.keys(PLACES) as PlaceName[];

const ORIGINS = [
  Requirement.none,
  Requirement.administrator,
  Requirement.provider,
  Requirement.portero,
  Requirement.provider_portero,
  Requirement.administrador_provider_portero,
] as const;

/** Per role: the origins that name its party and the places that are its own. */
const UPLOAD_TABLE: Record<RoleName, { origins: number[]; places: PlaceName[] }> = {
  superadministrator: { origins: [], places: [] },
  master: { origins: [], places: [] },
  sat: { origins: [], places: [] },
  colegio: { origins: [], places: [] },
  administrador: {
    origins: [0, 27],
    places: ["generalMember", "generalMemberChosen", "boundManaged"],
  },
  gremio: {
    origins: [5, 26, 27],
    places: ["generalMember", "generalMemberChosen", "boundServed"],
  },
  portero: {
    origins: [25, 26, 27],
    places: ["generalPorter", "boundPorter"],
  },
  finca: { origins: [], places: [] },
  unknown: { origins: [], places: [] },
};

describe("upload: who uploads for which definition, where", () => {
  it("has a row for every role", () => {
    expect(Object.keys(UPLOAD_TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(UPLOAD_TABLE))("%s", (roleName, row) => {
    it.each(ORIGINS)("with origin %i, uploads exactly where the table says", (origin) => {
      const allowed: PlaceName[] = [];
      for (const name of PLACE_NAMES) {
        const { chosen, ...place } = PLACES[name];
        const target: UploadTarget = { ...place, origin, colegioId: COLEGIO_A };
        if (definitionPolicy.can(callerOf(roleName as RoleName, chosen), "upload", target)) allowed.push(name);
      }
      expect(allowed).toEqual(row.origins.includes(origin) ? row.places : []);
    });
  });

  it("the colegio uploads no document for any origin, not even for its own communities", () => {
    for (const origin of ORIGINS) {
      for (const name of PLACE_NAMES) {
        const { chosen, ...place } = PLACES[name];
        const actor = { role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen };
        expect(definitionPolicy.can(actor, "upload", { ...place, origin, colegioId: COLEGIO_A }), name).toBe(false);
      }
    }
  });
});

// ── View, edit, validate an uploaded document ──

interface DocCase {
  /** the uploader: the caller's own company or another */
  uploader: "me" | "other";
  colegioId: number;
  dest: number;
  member: boolean;
  shares: boolean;
  chosen: number | null;
}
const doc = (c: Partial<DocCase>): DocCase => ({
  uploader: "other",
  colegioId: COLEGIO_A,
  dest: Requirement.none,
  member: true,
  shares: true,
  chosen: null,
  ...c,
});

const DOC_CASES = {
  /** uploaded by the caller's company, no colegio chosen */
  mine: doc({ uploader: "me", shares: false }),
  mineChosen: doc({ uploader: "me", shares: false, chosen: COLEGIO_A }),
  /** … while working in another colegio */
  mineChosenOther: doc({ uploader: "me", shares: false, chosen: COLEGIO_B }),
  /** … after its membership ended */
  mineNotMember: doc({ uploader: "me", member: false, shares: false }),
  /** another company's, in a community the caller shares with it, by destination */
  sharedDestNone: doc({ dest: Requirement.none }),
  sharedDestAdmin: doc({ dest: Requirement.administrator }),
  sharedDestProvider: doc({ dest: Requirement.provider }),
  sharedDestPortero: doc({ dest: Requirement.portero }),
  sharedDestProviderPortero: doc({ dest: Requirement.provider_portero }),
  sharedDestAll: doc({ dest: Requirement.administrador_provider_portero }),
  /** … shared, for everyone, with colegio A chosen */
  sharedChosen: doc({ dest: Requirement.administrador_provider_portero, chosen: COLEGIO_A }),
  /** … shared, for everyone, while the caller works in colegio B */
  sharedChosenOther: doc({ dest: Requirement.administrador_provider_portero, chosen: COLEGIO_B }),
  /** … shared, for everyone, but the caller's company is not a member of the colegio */
  sharedNotMember: doc({ dest: Requirement.administrador_provider_portero, member: false }),
  /** another company's, for everyone, in no community of the caller */
  notShared: doc({ dest: Requirement.administrador_provider_portero, shares: false }),
  /** a document of colegio B shared with the caller, for everyone */
  otherColegio: doc({ colegioId: COLEGIO_B, dest: Requirement.administrador_provider_portero }),
  /** … with colegio A chosen */
  otherColegioChosenA: doc({
    colegioId: COLEGIO_B,
    dest: Requirement.administrador_provider_portero,
    chosen: COLEGIO_A,
  }),
} satisfies Record<string, DocCase>;
type DocCaseName = keyof typeof DOC_CASES;
const DOC_CASE_NAMES = Object.keys(DOC_CASES) as DocCaseName[];

function factsOf(name: DocCaseName, role: number): DocumentFacts {
  const c = DOC_CASES[name];
  return {
    uploaderCompanyId: c.uploader === "me" ? companyOf(role) : OTHER,
    colegioId: c.colegioId,
    dest: c.dest,
    member: c.member,
    shares: c.shares,
  };
}

const MINE: DocCaseName[] = ["mine", "mineChosen", "mineNotMember"];
const SHARED_ALL: DocCaseName[] = ["sharedDestAll", "sharedChosen", "otherColegio"];

const VIEW_TABLE: Record<RoleName, { view: DocCaseName[]; edit: DocCaseName[]; validate: DocCaseName[] }> = {
  superadministrator: { view: [], edit: [], validate: [] },
  master: { view: [], edit: [], validate: [] },
  sat: { view: [], edit: [], validate: [] },
  // The colegio of the definition sees and validates every document of its colegio, and edits none.
  colegio: {
    view: DOC_CASE_NAMES.filter((n) => DOC_CASES[n].colegioId === COLEGIO_A),
    edit: [],
    validate: DOC_CASE_NAMES.filter((n) => DOC_CASES[n].colegioId === COLEGIO_A),
  },
  // The administrator of a community where the document counts sees it whatever its destination.
  administrador: {
    view: [
      ...MINE,
      "sharedDestNone",
      "sharedDestAdmin",
      "sharedDestProvider",
      "sharedDestPortero",
      "sharedDestProviderPortero",
      ...SHARED_ALL,
    ],
    edit: MINE,
    validate: [],
  },
  gremio: {
    view: [...MINE, "sharedDestProvider", "sharedDestProviderPortero", ...SHARED_ALL],
    edit: MINE,
    validate: [],
  },
  // A porter needs no membership of the colegio: its communities are what count.
  portero: {
    view: [...MINE, "sharedDestPortero", "sharedDestProviderPortero", ...SHARED_ALL, "sharedNotMember"],
    edit: MINE,
    validate: [],
  },
  finca: { view: [], edit: [], validate: [] },
  unknown: { view: [], edit: [], validate: [] },
};

describe("documents: who sees, edits and validates them", () => {
  it("has a row for every role", () => {
    expect(Object.keys(VIEW_TABLE).sort()).toEqual([...ROLE_NAMES].sort());
  });

  describe.each(Object.entries(VIEW_TABLE))("%s", (roleName, row) => {
    it.each(DOC_CASE_NAMES)("sees, edits and validates %s as the table says", (name) => {
      const actor = callerOf(roleName as RoleName, DOC_CASES[name].chosen);
      const facts = factsOf(name, actor.role);
      expect(documentPolicy.can(actor, "view", facts), "mayView").toBe(row.view.includes(name));
      expect(documentPolicy.can(actor, "edit", facts), "mayEdit").toBe(row.edit.includes(name));
      expect(documentPolicy.can(actor, "validate", facts), "mayValidate").toBe(row.validate.includes(name));
    });

    it("never edits what it may not see", () => {
      for (const name of DOC_CASE_NAMES) {
        const actor = callerOf(roleName as RoleName, DOC_CASES[name].chosen);
        const facts = factsOf(name, actor.role);
        if (documentPolicy.can(actor, "edit", facts)) expect(documentPolicy.can(actor, "view", facts), name).toBe(true);
      }
    });
  });

  it("the colegio validates only its own colegio's documents, whatever colg_id says", () => {
    for (const chosen of [null, COLEGIO_A, COLEGIO_B]) {
      const actor = { role: Role.colegio, companyId: COLEGIO_A, colegioId: chosen };
      expect(documentPolicy.can(actor, "validate", { colegioId: COLEGIO_A })).toBe(true);
      expect(documentPolicy.can(actor, "validate", { colegioId: COLEGIO_B })).toBe(false);
      expect(documentPolicy.can(actor, "view", factsOf("notShared", Role.colegio))).toBe(true);
      expect(documentPolicy.can(actor, "view", factsOf("otherColegio", Role.colegio))).toBe(false);
    }
  });

  it("a company whose id is the colegio's but whose role is not colegio neither validates nor sees it all", () => {
    const actor = { role: Role.gremio, companyId: COLEGIO_A, colegioId: null };
    expect(documentPolicy.can(actor, "validate", { colegioId: COLEGIO_A })).toBe(false);
    expect(documentPolicy.can(actor, "view", { ...factsOf("notShared", Role.gremio), member: true })).toBe(false);
  });
});

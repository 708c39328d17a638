import { Role, type RoleName } from "@coordina/domain";
import { describe, expect, it } from "vitest";
import {
  type JoinFacts,
  joinCompanyPolicy,
  type NewCompanyAction,
  newCompanyPolicy,
  sentInvitationPolicy,
} from "./invitations.policy.js";

/**
 * The invitation policies answered for every role, as one table: which levels each role invites and
 * registers, which porter it invites for a community, which company a colleague joins, and whose sent
 * invitations it manages. The caller's company is ME.
 */
const ME = 100;
const OTHER = 200;

const LEVELS = ["master", "colegio", "administrador", "gremio", "portero"] as const satisfies readonly RoleName[];
type Level = (typeof LEVELS)[number];

const COMMUNITIES = {
  /** a live community the caller administers */
  administered: { adminCompanyId: ME },
  /** a live community another company administers */
  othersCommunity: { adminCompanyId: OTHER },
  /** no live community with that id */
  missing: undefined,
};
type CommunityName = keyof typeof COMMUNITIES;
const ALL_COMMUNITIES = Object.keys(COMMUNITIES) as CommunityName[];

const live = (id: number, type: number) => ({ id, type, erased: false });
const JOINS = {
  /** the caller's own company */
  own: { target: live(ME, Role.colegio), soleColegioMember: false },
  /** the caller's own company, deactivated */
  ownErased: { target: { id: ME, type: Role.colegio, erased: true }, soleColegioMember: false },
  /** an administrator company only the caller's colegio has */
  soleAdmin: { target: live(OTHER, Role.administrador), soleColegioMember: true },
  /** a provider company only the caller's colegio has */
  soleProvider: { target: live(OTHER, Role.gremio), soleColegioMember: true },
  /** an administrator company another colegio shares too */
  sharedAdmin: { target: live(OTHER, Role.administrador), soleColegioMember: false },
  /** a porter company (never the colegio's to add users to) */
  solePorter: { target: live(OTHER, Role.portero), soleColegioMember: true },
} satisfies Record<string, JoinFacts>;
type JoinName = keyof typeof JOINS;
const ALL_JOINS = Object.keys(JOINS) as JoinName[];

interface Row {
  invite: Level[];
  register: Level[];
  /** the communities a porter may be invited for */
  inviteToCommunity: CommunityName[];
  addUser: JoinName[];
}
const NOTHING: Row = { invite: [], register: [], inviteToCommunity: [], addUser: [] };

const TABLE: Record<RoleName, Row> = {
  superadministrator: { ...NOTHING, invite: ["master", "colegio"], addUser: ["own"] },
  master: { ...NOTHING, invite: ["colegio"], addUser: ["own"] },
  sat: NOTHING,
  colegio: {
    ...NOTHING,
    invite: ["administrador", "gremio"],
    register: ["administrador", "gremio"],
    addUser: ["own", "soleAdmin", "soleProvider"],
  },
  administrador: { invite: ["portero"], register: [], inviteToCommunity: ["administered"], addUser: ["own"] },
  gremio: { ...NOTHING, addUser: ["own"] },
  portero: NOTHING,
  finca: NOTHING,
  unknown: NOTHING,
};

describe("invitation policies over every role", () => {
  it("covers every role of the domain", () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(Role).sort());
  });

  describe.each(Object.entries(TABLE) as [RoleName, Row][])("%s", (roleName, row) => {
    const caller = { role: Role[roleName], companyId: ME, colegioId: null };

    it.each(LEVELS)("invites and registers a company of level %s as the table says", (level) => {
      for (const action of ["invite", "register"] as const satisfies NewCompanyAction[]) {
        expect(newCompanyPolicy.can(caller, action, { type: Role[level] }), action).toBe(row[action].includes(level));
      }
    });

    it.each(ALL_COMMUNITIES)("invites a porter for the community %s as the table says", (name) => {
      const community = COMMUNITIES[name];
      expect(newCompanyPolicy.can(caller, "inviteToCommunity", { type: Role.portero, community })).toBe(
        row.inviteToCommunity.includes(name),
      );
      // Only porters are invited for a community.
      expect(newCompanyPolicy.can(caller, "inviteToCommunity", { type: Role.gremio, community })).toBe(false);
    });

    it.each(ALL_JOINS)("adds a colleague to %s as the table says", (name) => {
      expect(joinCompanyPolicy.can(caller, "addUser", JOINS[name])).toBe(row.addUser.includes(name));
    });

    it("manages the invitations its own company sent, and no other", () => {
      expect(sentInvitationPolicy.can(caller, "manage", { inviterCompanyId: ME })).toBe(true);
      expect(sentInvitationPolicy.can(caller, "manage", { inviterCompanyId: OTHER })).toBe(false);
    });
  });
});

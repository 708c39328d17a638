import { Role } from "@coordina/domain";
import type { Caller, Policy } from "../../lib/access.js";
import { type CommunityFacts, communityPolicy } from "../communities/communities.policy.js";

/**
 * On the notices of a community's coincidences (issue 22, the written record of RD 171/2004 art. 4):
 * - `notify`: make the notices of one of its entries' coincidences (`from`: the entry's provider);
 * - `send`: mail one notice (`from`: the notice's sender);
 * - `acknowledge`: answer 'Enterado' (`to`: the notice's receiver);
 * - `list`: read the community's notices of a month that the caller's company sent or received;
 * - `listAll`: read all of them.
 */
export type NoticeAction = "notify" | "send" | "acknowledge" | "list" | "listAll";

/** The community and how the caller stands to it; the sending and receiving providers when there is a notice. */
export type NoticeFacts = CommunityFacts & { from?: number | undefined; to?: number | undefined };

/**
 * Who may do what with the notices, on top of who may see the community (communityPolicy `view`): the
 * provider whose entry coincides makes and sends its notices; the provider told answers 'Enterado'; the
 * community's administrator and its colegio read every notice of the community, a provider serving it
 * those it sent or received (the repository narrows the list). Porters and everybody else nothing.
 */
export const noticePolicy: Policy<NoticeAction, NoticeFacts> & {
  abilities(
    caller: Caller,
    facts: NoticeFacts & { acknowledged: boolean; sent: boolean },
  ): { can_acknowledge: boolean };
} = {
  can(caller, action, facts) {
    if (!communityPolicy.can(caller, "view", facts)) return false;
    const provider = caller.role === Role.gremio;
    switch (action) {
      case "notify":
      case "send":
        return provider && facts.from === caller.companyId;
      case "acknowledge":
        return provider && facts.to === caller.companyId;
      case "list":
        return provider || caller.role === Role.administrador || caller.role === Role.colegio;
      case "listAll":
        return caller.role === Role.administrador || caller.role === Role.colegio;
    }
  },
  /** 'Enterado' is offered once the notice has been sent, while it waits for it. */
  abilities(caller, facts) {
    return { can_acknowledge: facts.sent && !facts.acknowledged && noticePolicy.can(caller, "acknowledge", facts) };
  },
};

import type { UsersIndexRequest, UsersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the users of the caller's company. */
export function fetchUsers(request: UsersIndexRequest): Promise<UsersPage> {
  return api.post<UsersPage>("/companies/users/index", request);
}

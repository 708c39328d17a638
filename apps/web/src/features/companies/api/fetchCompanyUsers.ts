import type { UsersIndexRequest, UsersPage } from "@coordina/domain";
import { api } from "../../../app/api";

/** A page of the users of a member company of the colegio. */
export function fetchCompanyUsers(request: UsersIndexRequest & { company_id: number }): Promise<UsersPage> {
  return api.post<UsersPage>("/companies/users/index", request);
}

import type { LoginRequest, SessionData } from "@coordina/domain";
import { api } from "../../../app/api";

export async function login(input: LoginRequest): Promise<SessionData> {
  const answer = await api.post<{ data: SessionData }>("/companies/users/login", input);
  return answer.data;
}

/** Revokes the token on the server; the device has already forgotten it. */
export async function logout(token: string): Promise<void> {
  await api.postWithToken(token, "/companies/users/logout");
}

export async function fetchCurrentSession(): Promise<SessionData> {
  const answer = await api.get<{ data: SessionData }>("/companies/users/current");
  return answer.data;
}

import type { LoginRequest, SessionData } from "@coordina/domain";
import { api } from "../../../app/api";

export async function login(input: LoginRequest): Promise<SessionData> {
  const answer = await api.post<{ data: SessionData }>("/companies/users/login", input);
  return answer.data;
}

export async function logout(): Promise<void> {
  await api.post("/companies/users/logout");
}

export async function fetchCurrentSession(): Promise<SessionData> {
  const answer = await api.get<{ data: SessionData }>("/companies/users/current");
  return answer.data;
}

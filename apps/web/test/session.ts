import type { SessionData } from "@coordina/domain";
import { session } from "../src/app/session";

/** Starts a signed-in session of `role` (an administrator by default) with these feature flags. */
export function startTestSession(
  flags: string[],
  who: { role?: number; userId?: number; companyId?: number; email?: string; companyName?: string } = {},
) {
  const email = who.email ?? "admin@fincas.es";
  session.start(
    {
      token: "t",
      user: { id: who.userId ?? 1, email, user_role: who.role ?? 15 },
      company: { id: who.companyId ?? 2, name: who.companyName ?? "Admin" },
      colegios: [{ id: 1, name: "Colegio" }],
      flags,
      issuer: "test",
    } as unknown as SessionData,
    false,
  );
}

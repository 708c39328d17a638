/** Who is calling: resolved from the session token on every protected request (plugins/auth.ts). */
export interface Actor {
  userId: number;
  email: string;
  role: number;
  companyId: number;
  sessionId: number;
  sessionCreated: Date;
  token: string;
  /** the colegio selected with `colg_id`, already checked against the caller's memberships */
  colegioId: number | null;
}

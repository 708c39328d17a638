/** What validation makes of one row of the colegio's imports (administrators, providers). */
export interface ColegioCompanyPlan {
  name: string;
  /** as typed (trimmed), and normalized: the tax id everything is matched by */
  cif: string;
  cifNorm: string;
  /** normalized; '' when the row has none (an existing company needs none) */
  email: string;
  phone: string | null;
  /** the row's activities, as ids of the colegio's activities (providers) */
  activityIds: number[];
}

/** What sets the colegio's two imports apart. */
export interface ColegioCompanyKind {
  kind: "administrators" | "providers";
  /** the company type the kind registers */
  type: number;
  /** providers: the `activity` column names the colegio's activities */
  activities: boolean;
}

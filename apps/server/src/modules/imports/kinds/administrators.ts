import { Role } from "@coordina/domain";
import { colegioCompaniesImport } from "./colegio-companies.js";

/** The colegio imports administrator companies: name, cif, email (spec 01 §3). */
export const administratorsImport = colegioCompaniesImport({
  kind: "administrators",
  type: Role.administrador,
  activities: false,
});

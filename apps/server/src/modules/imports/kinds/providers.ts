import { Role } from "@coordina/domain";
import { colegioCompaniesImport } from "./colegio-companies.js";

/**
 * The colegio imports provider companies: name, cif, email, tlfn and activity, several activities in one
 * cell separated by , ; | or * (spec 01 §3, §9), each one the colegio must have defined.
 */
export const providersImport = colegioCompaniesImport({ kind: "providers", type: Role.gremio, activities: true });

import { FEATURE } from "./constants.js";
import { NOT_LOGGED_IN, Role } from "./roles.js";

/** Start page by role when entering root (spec 01 §2, spec 02 §2). */
export function startPageFor(role: number, features: readonly string[]): string {
  switch (role) {
    case NOT_LOGGED_IN:
      return "/login";
    case Role.master:
      return "/master/colegios";
    case Role.colegio:
      return "/admin/administradores";
    case Role.administrador:
      return "/comunidades/index";
    case Role.gremio:
      return features.includes(FEATURE.pendingTasks) ? "/proveedores/main" : "/comunidades/index";
    case Role.portero:
      return "/porteros/comunidades/main";
    default:
      return "/";
  }
}

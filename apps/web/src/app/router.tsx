import { Role } from "@coordina/domain";
import { createHashRouter, Navigate, type RouteObject } from "react-router";
import { RequireAuth, RoleGate, RootRedirect } from "./guards";

const home = () => import("../features/home/StartPages");
const page =
  (
    name:
      | "MasterColegiosPage"
      | "AdminAdministradoresPage"
      | "ComunidadesIndexPage"
      | "ProveedoresMainPage"
      | "PorterosComunidadesPage",
  ): RouteObject["lazy"] =>
  async () => ({ Component: (await home())[name] });
/** Areas that later issues fill; each already has its route and title. */
const area = (path: string, titleKey: string): RouteObject => ({
  path,
  lazy: async () => {
    const { InPreparationPage } = await home();
    return { element: <InPreparationPage titleKey={titleKey} /> };
  },
});
const publicPage = (path: string, titleKey: string): RouteObject => ({
  path,
  lazy: async () => {
    const { PublicPlaceholderPage } = await import("../features/auth/PublicPlaceholderPage");
    return { element: <PublicPlaceholderPage titleKey={titleKey} /> };
  },
});
const only = (roles: readonly number[], children: RouteObject[]): RouteObject => ({
  element: <RoleGate roles={roles} />,
  children,
});

const { superadministrator, master, colegio, administrador, gremio, portero } = Role;
const everyone = [superadministrator, master, colegio, administrador, gremio, portero];

export const routes: RouteObject[] = [
  { path: "/login", lazy: async () => ({ Component: (await import("../features/auth/LoginPage")).default }) },
  publicPage("/recover", "pages.recover.title"),
  publicPage("/recovery", "pages.recover.title"),
  publicPage("/invitation", "pages.registry.title"),
  publicPage("/registry", "pages.registry.title"),
  publicPage("/legal", "pages.legal.title"),
  {
    element: <RequireAuth />,
    children: [
      { path: "/", element: <RootRedirect /> },
      { path: "/root", element: <RootRedirect /> },
      {
        lazy: async () => ({ Component: (await import("./AppLayout")).default }),
        children: [
          only(
            [master, superadministrator],
            [
              { path: "/master/colegios", lazy: page("MasterColegiosPage") },
              area("/master/dashboard", "menu.master-dashboard"),
            ],
          ),
          only(
            [colegio],
            [
              { path: "/admin/administradores", lazy: page("AdminAdministradoresPage") },
              area("/admin/proveedor/*", "menu.proveedores"),
              area("/admin/actividades", "menu.actividades"),
            ],
          ),
          only([colegio, administrador], [area("/provee-actividades", "menu.actividades")]),
          only(
            [administrador, gremio],
            [
              { path: "/comunidades/index", lazy: page("ComunidadesIndexPage") },
              area("/comunidades/comunidad/*", "menu.comunidades"),
              area("/lopd", "menu.lopd"),
            ],
          ),
          only(
            [administrador],
            [area("/admin-fincas/proveedor/*", "menu.proveedores"), area("/admin-fincas/porteros/*", "menu.porteros")],
          ),
          only(
            [gremio],
            [
              { path: "/proveedores/main", lazy: page("ProveedoresMainPage") },
              area("/proveedores/config/calendar", "menu.calendario"),
            ],
          ),
          only(
            [portero],
            [
              { path: "/porteros/comunidades/main", lazy: page("PorterosComunidadesPage") },
              area("/porteros/comunidades/:finca", "menu.mis-comunidades"),
            ],
          ),
          only(
            [colegio, administrador, gremio, portero],
            [
              area("/documents/*", "menu.documentos"),
              area("/provdoc", "menu.docs-generales"),
              area("/generaldoc", "menu.docs-generales"),
              area("/gcomunidades", "menu.comunidades"),
            ],
          ),
          only(everyone, [
            area("/my-data", "menu.mis-datos"),
            area("/users", "menu.usuarios"),
            area("/invitations", "menu.invitaciones"),
            area("/config", "menu.empresa"),
            area("/config-legal", "pages.legal.title"),
            area("/develop", "app.name"),
            area("/dashboard", "app.name"),
          ]),
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

const HydrateFallback = () => null;

// While the first route's code loads nothing is painted (no flash of a wrong page).
export const router = createHashRouter(routes.map((route) => ({ HydrateFallback, ...route })));

import { createHashRouter, Navigate, type RouteObject } from "react-router";
import { RequireAuth, RootRedirect } from "./guards";

const home = () => import("../features/home/StartPages");
const placeholder = (titleKey: string): RouteObject["lazy"] => async () => {
  const { InPreparationPage } = await home();
  return { element: <InPreparationPage titleKey={titleKey} /> };
};
const publicPlaceholder = (titleKey: string): RouteObject["lazy"] => async () => {
  const { PublicPlaceholderPage } = await import("../features/auth/PublicPlaceholderPage");
  return { element: <PublicPlaceholderPage titleKey={titleKey} /> };
};

/** Areas that later issues fill; each already has its route and title. */
const areas: [string, string][] = [
  ["/master/dashboard", "menu.master-dashboard"],
  ["/admin/proveedor/*", "menu.proveedores"],
  ["/admin/actividades", "menu.actividades"],
  ["/provee-actividades", "menu.actividades"],
  ["/admin-fincas/proveedor/*", "menu.proveedores"],
  ["/admin-fincas/porteros/*", "menu.porteros"],
  ["/comunidades/comunidad/*", "menu.comunidades"],
  ["/porteros/comunidades/:finca", "menu.mis-comunidades"],
  ["/proveedores/config/calendar", "menu.calendario"],
  ["/documents/*", "menu.documentos"],
  ["/lopd", "menu.lopd"],
  ["/provdoc", "menu.docs-generales"],
  ["/generaldoc", "menu.docs-generales"],
  ["/gcomunidades", "menu.comunidades"],
  ["/my-data", "menu.mis-datos"],
  ["/users", "menu.usuarios"],
  ["/invitations", "menu.invitaciones"],
  ["/config", "menu.empresa"],
  ["/config-legal", "pages.legal.title"],
  ["/develop", "app.name"],
  ["/dashboard", "app.name"],
];

const HydrateFallback = () => null;

export const routes: RouteObject[] = [
  { path: "/login", lazy: async () => ({ Component: (await import("../features/auth/LoginPage")).default }) },
  { path: "/recover", lazy: publicPlaceholder("pages.recover.title") },
  { path: "/recovery", lazy: publicPlaceholder("pages.recover.title") },
  { path: "/invitation", lazy: publicPlaceholder("pages.registry.title") },
  { path: "/registry", lazy: publicPlaceholder("pages.registry.title") },
  { path: "/legal", lazy: publicPlaceholder("pages.legal.title") },
  {
    element: <RequireAuth />,
    children: [
      { path: "/", element: <RootRedirect /> },
      { path: "/root", element: <RootRedirect /> },
      {
        lazy: async () => ({ Component: (await import("./AppLayout")).default }),
        children: [
          { path: "/master/colegios", lazy: async () => ({ Component: (await home()).MasterColegiosPage }) },
          { path: "/admin/administradores", lazy: async () => ({ Component: (await home()).AdminAdministradoresPage }) },
          { path: "/comunidades/index", lazy: async () => ({ Component: (await home()).ComunidadesIndexPage }) },
          { path: "/proveedores/main", lazy: async () => ({ Component: (await home()).ProveedoresMainPage }) },
          { path: "/porteros/comunidades/main", lazy: async () => ({ Component: (await home()).PorterosComunidadesPage }) },
          ...areas.map(([path, titleKey]) => ({ path, lazy: placeholder(titleKey) })),
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

// While the first route's code loads nothing is painted (no flash of a wrong page).
export const router = createHashRouter(routes.map((route) => ({ HydrateFallback, ...route })));

import { FEATURE, Role, startPageFor } from "@coordina/domain";
import { type ComponentType, lazy, Suspense } from "react";
import { matchRoutes, Navigate, Outlet, type RouteObject, useOutletContext, useRoutes } from "react-router";
import PanelStart from "../features/communities/PanelStart";
import { RequireAuth, RoleGate, RootRedirect } from "./guards";
import { featuresOf, roleOf, useSession } from "./session";

/*
 * Declarative routing (HashRouter + useRoutes) with one lazily loaded chunk per page. The data router
 * (createHashRouter) would add about 18 KB gzip to every first load for loaders and actions that this
 * app does not use: it keeps its data in TanStack Query.
 */

/** The element of a page whose module loads on first visit (one chunk per route). */
function lazyElement(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return <Page />;
}

/** A route whose page is the default export of a lazily loaded module. */
const lazyPage = (path: string, load: () => Promise<{ default: ComponentType }>): RouteObject => ({
  path,
  element: lazyElement(load),
});
const reading = () => import("../features/reading/ReadingPage");
/** A reading view of the community panel (one chunk for the three). */
const readingPage = (path: string, name: "DocsFincaPage" | "DocsProveedoresPage" | "DocumentosProvPage"): RouteObject =>
  lazyPage(path, async () => ({ default: (await reading())[name] }));
const communityDocuments = () => import("../features/documents/CommunityDocumentViews");
/** An administrator's document view of the community panel (one chunk for the three). */
const communityDocumentsPage = (path: string, name: "LopdPage" | "DocumentosPage" | "DocumentosAdminPage") =>
  lazyPage(path, async () => ({ default: (await communityDocuments())[name] }));
// "" is the panel's own path without an id: /comunidades/comunidad.
const PANEL_CHILDREN = [
  "",
  "proveedores",
  "upload",
  "gremio/docs-finca",
  "gremio/docs-proveedores",
  "documentosprov",
  "porteros",
  "porteros/list",
  "porteros/portero",
  "porteros-docs",
  "gremio/calendar",
  "lopd",
  "documentos",
  "documentosadmin",
];
const only = (roles: readonly number[], children: RouteObject[]): RouteObject => ({
  element: <RoleGate roles={roles} />,
  children,
});

/**
 * Routes of a feature the menu shows only with its flag: without it a typed address goes to the start page,
 * as a route of another role does. Inside the community panel the gate passes its context on.
 */
export function FeatureGate({ feature }: { feature: string }) {
  const current = useSession();
  const context = useOutletContext();
  const features = featuresOf(current);
  if (!features.includes(feature)) return <Navigate to={startPageFor(roleOf(current), features)} replace />;
  return <Outlet context={context} />;
}
const withFeature = (feature: string, children: RouteObject[]): RouteObject => ({
  element: <FeatureGate feature={feature} />,
  children,
});

const { superadministrator, master, colegio, administrador, gremio, portero } = Role;
const everyone = [superadministrator, master, colegio, administrador, gremio, portero];

const routes: RouteObject[] = [
  lazyPage("/login", () => import("../features/auth/LoginPage")),
  lazyPage("/recover", () => import("../features/accounts/RecoverPage")),
  lazyPage("/recovery", () => import("../features/accounts/TokenPage")),
  lazyPage("/invitation", () => import("../features/accounts/TokenPage")),
  // The link 'Mis datos' mails to a new address: open, since it may be opened on a device with no session.
  lazyPage("/email-change", () => import("../features/email-change/EmailChangePage")),
  // The 'Enterado' link of a coincidence notice (issue 22): open, the token alone names the notice.
  lazyPage("/aviso", () => import("../features/calendar-notice-link/NoticeLinkPage")),
  lazyPage("/registry", () => import("../features/accounts/RegistryPage")),
  lazyPage("/dev/mail", () => import("../features/dev-mail/DevMailPage")),
  {
    element: <RequireAuth />,
    children: [
      // The legal notice needs the session (it stores the acceptance) but sits outside the app shell.
      lazyPage("/legal", () => import("../features/legal/LegalPage")),
      { path: "/", element: <RootRedirect /> },
      { path: "/root", element: <RootRedirect /> },
      {
        element: lazyElement(() => import("./AppLayout")),
        children: [
          only(
            [master, superadministrator],
            [
              lazyPage("/master/colegios", () => import("../features/master/MasterColegiosPage")),
              lazyPage("/master/dashboard", () => import("../features/master/MasterDashboardPage")),
            ],
          ),
          only(
            [colegio],
            [
              lazyPage("/admin/administradores", () => import("../features/companies/AdministratorsPage")),
              lazyPage("/admin/administradores/:id/users", () => import("../features/companies/CompanyUsersPage")),
              lazyPage("/admin/proveedor", () => import("../features/companies/ProvidersPage")),
              lazyPage("/admin/proveedor/:id/*", () => import("../features/companies/ProviderDetailPage")),
              lazyPage("/admin/actividades", () => import("../features/activities/ActivitiesPage")),
            ],
          ),
          only(
            [colegio, administrador],
            [
              lazyPage("/provee-actividades", () => import("../features/activities/ProviderActivitiesPage")),
              // The colegio's and the administrator's figures (issue 23 part 3), with their charts.
              lazyPage("/dashboard", () => import("../features/dashboard/DashboardPage")),
            ],
          ),
          only(
            [administrador, gremio],
            [
              lazyPage("/comunidades/index", () => import("../features/communities/CommunitiesPage")),
              // The spec's panel paths without an id lead to the community opened last (or to the list).
              ...PANEL_CHILDREN.map((child) =>
                lazyPage(
                  `/comunidades/comunidad${child ? `/${child}` : ""}`,
                  () => import("../features/communities/PanelRedirect"),
                ),
              ),
              {
                path: "/comunidades/comunidad/:id",
                element: lazyElement(() => import("../features/communities/CommunityPanelPage")),
                children: [
                  // Not a chunk of its own: while it loaded, a click on the panel's menu could be undone by its
                  // redirect arriving late (the transition to the clicked view kept the index on screen).
                  { index: true, element: <PanelStart /> },
                  // The providers of a community and their documents are the administrator's (spec 02 §2); others
                  // go to their start page.
                  only(
                    [administrador],
                    [
                      lazyPage("proveedores", () => import("../features/community-providers/CommunityProvidersPage")),
                      lazyPage(
                        "proveedores/:providerId",
                        () => import("../features/community-providers/ProviderInCommunityPage"),
                      ),
                      readingPage("documentosprov", "DocumentosProvPage"),
                      // The community's documents, and those for the administrator (issue 23).
                      communityDocumentsPage("documentos", "DocumentosPage"),
                      communityDocumentsPage("documentosadmin", "DocumentosAdminPage"),
                      // Its LOPD-group documents there (feature lopd, as its menu entry).
                      withFeature(FEATURE.lopd, [communityDocumentsPage("lopd", "LopdPage")]),
                      // The porters of the community and their documents (spec 02 §2; feature porteros-admin).
                      withFeature(FEATURE.porterosAdmin, [
                        lazyPage("porteros", () => import("../features/porters/CommunityPortersPage")),
                        lazyPage("porteros/list", () => import("../features/porters/CommunityPortersPage")),
                        lazyPage("porteros/portero", () => import("../features/porters/PorterDocumentsPage")),
                        lazyPage("porteros-docs", () => import("../features/porters/PorterosDocsPage")),
                      ]),
                    ],
                  ),
                  // The reading views by role (spec 02 §6 'Reading lists').
                  only(
                    [gremio],
                    [
                      readingPage("gremio/docs-finca", "DocsFincaPage"),
                      // Its menu entry needs porteros-admin (spec 02 §2), so does the typed address.
                      withFeature(FEATURE.porterosAdmin, [
                        readingPage("gremio/docs-proveedores", "DocsProveedoresPage"),
                      ]),
                    ],
                  ),
                  lazyPage("upload", () => import("../features/documents/CommunityUploadPage")),
                  // The community's calendar (issue 22): providers and the administrator, each with its own view.
                  lazyPage("gremio/calendar", () => import("../features/calendar/CalendarPage")),
                ],
              },
              lazyPage("/lopd", () => import("../features/documents/MandatoryDocumentsPage")),
            ],
          ),
          only(
            [administrador],
            [
              // The compliance overview and one provider's communities in it (issue 23).
              lazyPage("/admin-fincas/proveedor", () => import("../features/admin-providers/AdminProvidersPage")),
              lazyPage("/admin-fincas/proveedor/:id", () => import("../features/admin-providers/AdminProvidersPage")),
              // The doormen summary (id -1 or none) and one porter's communities (feature porteros-admin).
              withFeature(FEATURE.porterosAdmin, [
                lazyPage("/admin-fincas/porteros", () => import("../features/porters/PortersSummaryPage")),
                lazyPage("/admin-fincas/porteros/:id", () => import("../features/porters/PortersSummaryPage")),
              ]),
            ],
          ),
          only(
            [gremio],
            [
              lazyPage("/proveedores/main", () => import("../features/provider-home/ProviderHomePage")),
              lazyPage("/proveedores/config/calendar", () => import("../features/provider-config/ProviderConfigPage")),
            ],
          ),
          only(
            [portero],
            [
              lazyPage("/porteros/comunidades/main", () => import("../features/porter-panel/OwnCommunitiesPage")),
              lazyPage("/porteros/comunidades/:finca", () => import("../features/porter-panel/PorterPanelPage")),
              lazyPage("/porteros/comunidades/:finca/llegadas", () => import("../features/arrivals/ArrivalsPage")),
            ],
          ),
          // The colegio's legal texts and who accepted them (issue 23 part 4).
          only([colegio], [lazyPage("/config-legal", () => import("../features/legal-texts/LegalTextsPage"))]),
          // What the administrator's communities must read and who read it (document-read-requirements).
          only(
            [administrador],
            [lazyPage("/documents/lecturas", () => import("../features/document-definitions/ReadingsPage"))],
          ),
          only([administrador, gremio], [lazyPage("/aviso-legal", () => import("../features/legal/AvisoLegalPage"))]),
          // 'Resumen de documentos' (issue 23): the company's own duties at a glance; for the colegio, its colegio's
          // documents expiring soon and waiting for it (the dashboard's figures link there).
          only(
            [colegio, administrador, gremio, portero],
            [lazyPage("/documents/summary", () => import("../features/company-documents/SummaryPage"))],
          ),
          // All the company uploaded (issue 23; the colegio uploads none).
          only(
            [administrador, gremio, portero],
            [lazyPage("/documents/uploaded", () => import("../features/company-documents/UploadedPage"))],
          ),
          only(
            [colegio, administrador, gremio, portero],
            [
              lazyPage("/documents/settings", () => import("../features/document-definitions/DefinitionsPage")),
              lazyPage("/documents/mandatory", () => import("../features/documents/MandatoryDocumentsPage")),
              lazyPage("/provdoc", () => import("../features/documents/MandatoryDocumentsPage")),
              // The same screen as 'Documentos generales' (issue 23; its side by side with the communities'
              // documents is /gcomunidades).
              lazyPage("/generaldoc", () => import("../features/documents/MandatoryDocumentsPage")),
            ],
          ),
          // One file for one of the caller's duties, in a community or for all of them (issue 23).
          only(
            [administrador, gremio, portero],
            [lazyPage("/documents/upload", () => import("../features/document-upload/DocumentUploadPage"))],
          ),
          // The administrator's general documents beside its communities', with one upload for many (issue 23).
          only(
            [administrador],
            [lazyPage("/gcomunidades", () => import("../features/community-documents/CommunityDocumentsPage"))],
          ),
          only(everyone, [
            lazyPage("/my-data", () => import("../features/my-data/MyDataPage")),
            lazyPage("/users", () => import("../features/users/UsersPage")),
            lazyPage("/invitations", () => import("../features/invitations/InvitationsPage")),
            lazyPage("/config", () => import("../features/company-settings/CompanySettingsPage")),
            // Development aids (version, session, mail viewer, API description): development mode only (DevelopmentGate
            // in its chunk: the query it asks the server must not load with the login page).
            lazyPage("/develop", () => import("../features/develop/DevelopPage")),
          ]),
        ],
      },
    ],
  },
  { path: "*", element: <Navigate to="/" replace /> },
];

/**
 * What an address of the app opens, as the route tree resolves it (roles and flags aside): a page, or nothing
 * (the catch-all sends it to the start page).
 */
export function pageAt(pathname: string): "page" | "none" {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  return !route || route.path === "*" ? "none" : "page";
}

/** The whole route tree. While the first page's code loads nothing is painted (no flash of a wrong page). */
export function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}

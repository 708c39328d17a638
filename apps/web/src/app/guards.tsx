import { startPageFor } from "@coordina/domain";
import { Navigate, Outlet, useLocation, useOutletContext } from "react-router";
import { featuresOf, needsLegalNotice, pendingRedirect, roleOf, session, useSession } from "./session";

/**
 * Any route but the open ones requires a logged-in user; the route asked for is remembered. An
 * administrator or provider who has not accepted the legal notice sees only /legal (spec 01 §4).
 */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  const path = location.pathname + location.search;
  const remember = path !== "/" && path !== "/root";
  if (!current) {
    if (!session.endedByLogout() && remember) pendingRedirect.set(path);
    return <Navigate to="/login" replace />;
  }
  if (needsLegalNotice(current) && location.pathname !== "/legal") {
    if (remember) pendingRedirect.set(path);
    return <Navigate to="/legal" replace />;
  }
  return <Outlet />;
}

/** `/` and `/root` go to the start page of the role (1000, not logged in, goes to /login). */
export function RootRedirect() {
  const current = useSession();
  return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
}

/**
 * Routes of other roles send the user to their own start page (the server refuses their data anyway).
 * Inside a layout that hands its children a context (the community panel), the gate passes it on.
 */
export function RoleGate({ roles }: { roles: readonly number[] }) {
  const current = useSession();
  const context = useOutletContext();
  if (!roles.includes(roleOf(current))) {
    return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
  }
  return <Outlet context={context} />;
}

import { startPageFor } from "@coordina/domain";
import { Navigate, Outlet, useLocation } from "react-router";
import { featuresOf, pendingRedirect, roleOf, session, useSession } from "./session";

/** Any route but the open ones requires a logged-in user; the route asked for is remembered. */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    const path = location.pathname + location.search;
    if (!session.endedByLogout() && path !== "/" && path !== "/root") pendingRedirect.set(path);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/** `/` and `/root` go to the start page of the role (1000, not logged in, goes to /login). */
export function RootRedirect() {
  const current = useSession();
  return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
}

/** Routes of other roles send the user to their own start page (the server refuses their data anyway). */
export function RoleGate({ roles }: { roles: readonly number[] }) {
  const current = useSession();
  if (!roles.includes(roleOf(current))) {
    return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
  }
  return <Outlet />;
}

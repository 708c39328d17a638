import { startPageFor } from "@coordina/domain";
import { Navigate, Outlet, useLocation } from "react-router";
import { featuresOf, pendingRedirect, roleOf, useSession } from "./session";

let loggingOut = false;
/** Set while logging out, so the route being left is not remembered for the next login. */
export function markLoggingOut(value: boolean) {
  loggingOut = value;
}

/** Any route but the open ones requires a logged-in user; the route asked for is remembered. */
export function RequireAuth() {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    const path = location.pathname + location.search;
    if (!loggingOut && path !== "/" && path !== "/root") pendingRedirect.set(path);
    return <Navigate to="/login" replace />;
  }
  return <Outlet />;
}

/** `/` and `/root` go to the start page of the role (1000, not logged in, goes to /login). */
export function RootRedirect() {
  const current = useSession();
  return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
}

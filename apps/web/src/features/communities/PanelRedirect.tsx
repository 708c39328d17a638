import { Navigate, useLocation } from "react-router";
import { lastCommunity, panelRedirectTarget } from "./lastCommunity";

/**
 * The spec's panel paths without an id (/comunidades/comunidad/upload…, linked from other views): the same
 * view of the community opened last in this tab, or the communities list when there is none.
 */
export default function PanelRedirect() {
  const location = useLocation();
  return <Navigate to={panelRedirectTarget(location.pathname, location.search, lastCommunity.get())} replace />;
}

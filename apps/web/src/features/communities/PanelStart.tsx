import { Navigate } from "react-router";
import { roleOf, useSession } from "../../app/session";
import { panelStartPath } from "./panelMenu";

/** The panel's index: providers for an administrator, the community's documents for a provider. */
export default function PanelStart() {
  const current = useSession();
  return <Navigate to={panelStartPath(roleOf(current))} replace />;
}

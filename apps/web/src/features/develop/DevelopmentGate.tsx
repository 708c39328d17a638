import { startPageFor } from "@coordina/domain";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { featuresOf, roleOf, useSession } from "../../app/session";
import { useAppConfig } from "../../app/useDevelopmentMode";

/**
 * What exists only while the server runs in development (/develop): elsewhere a typed address goes to the
 * start page, as an unavailable route does. Nothing is painted until the server has said which it is. It
 * lives in the page's own chunk: the query it asks must not load with the login page.
 */
export function DevelopmentGate({ children }: { children: ReactNode }) {
  const current = useSession();
  const config = useAppConfig();
  if (config.isPending) return null;
  if (config.data?.development !== true) {
    return <Navigate to={startPageFor(roleOf(current), featuresOf(current))} replace />;
  }
  return children;
}

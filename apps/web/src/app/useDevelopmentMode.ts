import { useQuery } from "@tanstack/react-query";
import { fetchAppConfig } from "./appConfig";

/** How this server runs (`GET /app/config`), asked once per page load. */
export function useAppConfig() {
  return useQuery({ queryKey: ["app-config"], queryFn: fetchAppConfig, staleTime: Infinity });
}

/**
 * True when the server runs in development (NODE_ENV=development, as `/app/config` reports it): some lists
 * then show an Id column (spec 01 §2) and the menu has 'Desarrollo' (/develop). The server's word, not the
 * web build's mode: the same production build serves both, and the e2e journeys run one.
 */
export function useDevelopmentMode(): boolean {
  return useAppConfig().data?.development === true;
}

import { useQuery } from "@tanstack/react-query";
import { fetchAppConfig } from "./appConfig";

/** True when the server runs in development: some lists then show an Id column (spec 01 §2). */
export function useDevelopmentMode(): boolean {
  const config = useQuery({ queryKey: ["app-config"], queryFn: fetchAppConfig, staleTime: Infinity });
  return config.data?.development === true;
}

import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** One query cache for the logged-in app; answered failures (4xx) are not retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

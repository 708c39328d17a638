import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import userEvent, { type UserEvent, type Options as UserOptions } from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { MemoryRouter } from "react-router";

export interface AppRender extends RenderResult {
  /** a user typing and clicking (user-event), bound to this render */
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders `ui` inside the providers the app gives every screen (main.tsx, AppLayout): Mantine, a query
 * cache, a router at `route` (none when it is null). The user types without pausing between keys;
 * `userOptions` change that (with fake timers: `{ advanceTimers: vi.advanceTimersByTime }`). The Spanish catalogue is loaded by the setup file. Mantine runs in its test
 * mode: no transitions, and modals render in place instead of in a portal.
 */
export function renderInApp(
  ui: ReactElement,
  { route = "/", userOptions = {} }: { route?: string | null; userOptions?: UserOptions } = {},
): AppRender {
  // No retries: a failed answer shows at once, as the app does for answered (4xx) failures.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        {route === null ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>}
      </QueryClientProvider>
    </MantineProvider>
  );
  const rendered: RenderResult = render(ui, { wrapper });
  return { user: userEvent.setup({ delay: null, ...userOptions }), queryClient, ...rendered };
}

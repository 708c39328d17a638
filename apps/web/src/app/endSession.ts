import { logout } from "../features/auth/api/login";
import { queryClient } from "./queryClient";
import { pendingRedirect, session } from "./session";

/**
 * Logout (the app shell's button, or cancelling the legal notice): the device forgets the session, its
 * cached data and any remembered route at once (the route guard then shows /login); the server is told
 * after, and if it cannot be reached the token still expires on its own.
 */
export function endSession() {
  const token = session.get()?.token;
  pendingRedirect.take();
  session.end("logout");
  queryClient.clear();
  if (token) logout(token).catch(() => {});
}

import { ApiError, api } from "../../../app/api";

/**
 * Asks whether the session stored in this browser still works. The confirmed change ended every session
 * of its user: for that user the call answers 401, and the api layer then forgets the session here.
 * Answers false in that case, true otherwise (another user's session stays as it is).
 */
export async function storedSessionIsLive(): Promise<boolean> {
  try {
    await api.get("/companies/users/current");
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.status === 401);
  }
}

import type { Policy } from "../../lib/access.js";

/** A user's assigned settings as the policy sees them: whose they are. */
export interface SettingsFacts {
  /** they are the caller's own */
  own: boolean;
}

/** Assigned settings are personal: each user reads (and writes) only their own, whatever the role. */
export const settingsPolicy: Policy<"read", SettingsFacts> = {
  can: (_caller, _action, { own }) => own,
};

import { ErrorKey, passwordMeetsRule, ValidationKey } from "@coordina/domain";
import { ApiError } from "../../app/api";

/**
 * What the porter form does with a failed add or invitation (spec 02 §4 'Porter registration', §8): an
 * unknown e-mail offers the invitation (or a retry); the refusals the flow knows show their own text;
 * anything else shows 'Error desconocido. Contacte con el proveedor de servicio.'
 */
export interface RegistrationFailure {
  offerInvitation: boolean;
  /** the text to show (the key of its Spanish text) */
  textKey: string;
}

/** The refusals the form says in their own words (the form's messages, and an invitation already there). */
const KNOWN_REFUSALS: ReadonlySet<string> = new Set([
  ErrorKey.userNotGoodRole,
  ErrorKey.userAlreadyRegistered,
  ErrorKey.porterTestingOff,
  ErrorKey.invitationUserExists,
  ErrorKey.invitationPendingExists,
  ErrorKey.invitationCifTaken,
  ValidationKey.porterEmail,
  ValidationKey.passwordMust,
]);

export const UNKNOWN_ERROR_KEY = "porter-registration.unknown-error";

export function registrationFailure(error: unknown, step: "add" | "invite"): RegistrationFailure {
  const key = error instanceof ApiError && !error.unexpected ? error.key : undefined;
  if (key === ErrorKey.userNotExists && step === "add") return { offerInvitation: true, textKey: key };
  if (key !== undefined && KNOWN_REFUSALS.has(key)) return { offerInvitation: false, textKey: key };
  return { offerInvitation: false, textKey: UNKNOWN_ERROR_KEY };
}

/**
 * The testing mode's extra fields (spec 02 §5, §9): the add waits for a password the portal's rule accepts (as
 * at registration, key login.password-must) and a NIF.
 */
export function testFieldsReady(password: string, nif: string): boolean {
  return passwordMeetsRule(password) && nif.trim() !== "";
}

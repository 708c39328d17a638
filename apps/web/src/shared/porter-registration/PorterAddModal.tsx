import { ErrorKey, FEATURE, isValidEmail, passwordMeetsRule, ValidationKey } from "@coordina/domain";
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconFlask, IconMailForward } from "@tabler/icons-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { featuresOf, useSession } from "../../app/session";
import { FormActions, FormModal } from "../../ui/FormModal";
import { PasswordMeter } from "../password/PasswordMeter";
import { useInvitePorter } from "./api/invitePorter";
import { useRegisterPorter } from "./api/registerPorter";
import texts from "./es.json";
import { registrationFailure, testFieldsReady } from "./registrationOutcome";

addTexts(texts);

/** The session feature of the porter form's testing mode (spec 02 §5, §6: off by default). */
interface PorterAddModalProps {
  opened: boolean;
  communityId: number;
  onClose: () => void;
  /** the porter was added or invited: the modal has closed; `notice` is the spec's success text */
  onDone: (notice: string) => void;
}

/**
 * The porter form (spec 02 §4 'Porter registration', §5, §8): the porter's e-mail, added to the community
 * with porteros/registry/register. An e-mail nobody has offers 'Enviar invitación' (porteros/registry/invite)
 * or 'Reintentar'; the refusals the flow knows show their text, anything else the spec's generic one. In
 * testing mode (feature porteros-admin-test) the form also asks for a password, under the portal's one rule
 * and with its strength meter (as at registration), and a NIF, and creates the porter (registerTest). A
 * success closes the form, the porters and the community reload. The focus goes to 'Enviar invitación' when it
 * is offered, and back to the e-mail on 'Reintentar'.
 */
export function PorterAddModal({ opened, communityId, onClose, onDone }: PorterAddModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-registration" });
  const { t: tAll } = useTranslation();
  const testing = featuresOf(useSession()).includes(FEATURE.porterosAdminTest);
  const register = useRegisterPorter(communityId);
  const invite = useInvitePorter(communityId);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [nif, setNif] = useState("");
  const [emailChecked, setEmailChecked] = useState(false);
  const [step, setStep] = useState<"form" | "invite">("form");
  const [failure, setFailure] = useState<string | null>(null);
  const busy = register.isPending || invite.isPending;
  const emailInput = useRef<HTMLInputElement>(null);
  const inviteButton = useRef<HTMLButtonElement>(null);
  // The focus follows a change of step (the button pressed is gone): to 'Enviar invitación' when it is
  // offered, back to the e-mail on 'Reintentar'. Opening the form focuses the e-mail itself (data-autofocus).
  const stepChosen = useRef(false);
  useEffect(() => {
    if (!stepChosen.current) return;
    stepChosen.current = false;
    (step === "invite" ? inviteButton : emailInput).current?.focus();
  }, [step]);
  const goTo = (next: "form" | "invite") => {
    stepChosen.current = true;
    setStep(next);
  };

  const address = email.trim().toLowerCase();
  const emailWrong = !isValidEmail(address);

  function reset() {
    setEmail("");
    setPassword("");
    setNif("");
    setEmailChecked(false);
    setStep("form");
    setFailure(null);
    register.reset();
    invite.reset();
  }
  function close() {
    if (busy) return;
    reset();
    onClose();
  }
  function done() {
    reset();
    onClose();
    onDone(t("done"));
  }

  function add(event: FormEvent) {
    event.preventDefault();
    setEmailChecked(true);
    if (busy || emailWrong || (testing && !testFieldsReady(password, nif))) return;
    setFailure(null);
    const test = testing ? { password, nif: nif.trim() } : undefined;
    register.mutate(
      { email: address, test },
      {
        onSuccess: done,
        onError: (error) => {
          const outcome = registrationFailure(error, "add");
          if (outcome.offerInvitation) goTo("invite");
          else setFailure(outcome.textKey);
        },
      },
    );
  }

  function sendInvitation() {
    if (busy) return;
    setFailure(null);
    invite.mutate(address, {
      onSuccess: done,
      onError: (error) => setFailure(registrationFailure(error, "invite").textKey),
    });
  }

  const failureAlert = failure && (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="porter-add-error">
      {tAll(failure)}
    </Alert>
  );

  return (
    <FormModal opened={opened} onClose={onClose} busy={busy} reset={reset} title={t("title")}>
      {step === "invite" ? (
        <Stack data-testid="porter-invite-offer">
          <Alert color="yellow" icon={<IconMailForward size={18} />}>
            <Text size="sm">{tAll(ErrorKey.userNotExists)}</Text>
            <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
              {address}
            </Text>
          </Alert>
          {failureAlert}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={busy}
              onClick={() => {
                setFailure(null);
                goTo("form");
              }}
            >
              {t("retry")}
            </Button>
            <Button
              ref={inviteButton}
              leftSection={<IconMailForward size={16} />}
              loading={invite.isPending}
              onClick={sendInvitation}
            >
              {t("invite")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={add} noValidate>
          <Stack>
            <TextInput
              ref={emailInput}
              label={t("email")}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={() => setEmailChecked(address !== "")}
              required
              maxLength={254}
              autoComplete="off"
              error={emailChecked && emailWrong ? tAll(ValidationKey.porterEmail) : undefined}
              data-autofocus
            />
            {testing && (
              <>
                <Alert color="blue" icon={<IconFlask size={18} />}>
                  {t("testing")}
                </Alert>
                <PasswordInput
                  label={t("password")}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                  autoComplete="new-password"
                  error={password !== "" && !passwordMeetsRule(password) ? tAll(ValidationKey.passwordMust) : undefined}
                />
                <PasswordMeter password={password} />
                <TextInput
                  label={t("nif")}
                  value={nif}
                  onChange={(e) => setNif(e.currentTarget.value)}
                  required
                  maxLength={20}
                />
              </>
            )}
            {failureAlert}
            <FormActions
              busy={register.isPending}
              submitLabel={t("add")}
              submitDisabled={testing && !testFieldsReady(password, nif)}
              cancel={{ label: t("cancel"), onClick: close }}
            />
          </Stack>
        </form>
      )}
    </FormModal>
  );
}

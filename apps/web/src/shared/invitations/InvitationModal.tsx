import { isValidEmail, ValidationKey } from "@coordina/domain";
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { SendOutcome } from "../../ui/SendOutcome";
import { fetchCompanyTypes } from "./api/fetchCompanyTypes";
import { inviteColleague } from "./api/inviteColleague";
import { inviteCompany } from "./api/inviteCompany";
import texts from "./es.json";

addTexts(texts);

interface InvitationModalProps {
  opened: boolean;
  onClose: () => void;
  /**
   * 'company': a new company of one of the levels the caller may create, through its manager's e-mail;
   * 'colleague': a new user of the caller's own company (e-mail only).
   */
  mode: "company" | "colleague";
  /** An invitation went out: the caller refreshes its list. */
  onSent?: () => void;
}

type Phase = { name: "idle" } | { name: "sending" } | { name: "ok" } | { name: "failed"; message: string };

/**
 * The invitation form (spec 01 §2, §4, §5): idle → sending → sent ok ('Terminar') or sent failed
 * ('Reintentar'); both return to idle.
 */
export function InvitationModal({ opened, onClose, mode, onSent }: InvitationModalProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [type, setType] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });
  // The e-mail's format message shows once the field has been left, not while typing.
  const [emailTouched, setEmailTouched] = useState(false);

  const forCompany = mode === "company";
  const types = useQuery({
    queryKey: ["companies", "types"],
    queryFn: fetchCompanyTypes,
    enabled: opened && forCompany,
    staleTime: 300_000,
  });
  const options = types.data ?? [];
  const firstOption = options[0]?.id;
  const optionIds = options.map((o) => String(o.id)).join(",");

  // The first level allowed is preselected; a choice no longer offered is replaced by it.
  useEffect(() => {
    if (firstOption === undefined) return;
    setType((chosen) => (chosen && optionIds.split(",").includes(chosen) ? chosen : String(firstOption)));
  }, [firstOption, optionIds]);

  const trimmedEmail = email.trim();
  const ready = isValidEmail(trimmedEmail) && (!forCompany || (name.trim() !== "" && type !== null));

  function reset() {
    setEmail("");
    setEmailTouched(false);
    setName("");
    setType(firstOption !== undefined ? String(firstOption) : null);
    setPhase({ name: "idle" });
  }

  function close() {
    if (phase.name === "sending") return;
    reset();
    onClose();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!ready || phase.name !== "idle") return;
    setPhase({ name: "sending" });
    try {
      if (forCompany) await inviteCompany({ email: trimmedEmail, name: name.trim(), type: Number(type) });
      else await inviteColleague(trimmedEmail);
      setPhase({ name: "ok" });
      onSent?.();
    } catch (error) {
      setPhase({ name: "failed", message: errorText(error) });
    }
  }

  const title = forCompany ? t("invitations-page.modal.title-company") : t("invitations-page.modal.title-colleague");

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" closeOnClickOutside={phase.name !== "sending"}>
      {phase.name === "ok" ? (
        <SendOutcome
          ok
          text={t("invitations-page.modal.sent-ok")}
          buttonLabel={t("invitations-page.modal.finish")}
          onButton={close}
          testId="invitation-sent"
        />
      ) : phase.name === "failed" ? (
        <SendOutcome
          ok={false}
          title={t("invitations-page.modal.send-error")}
          text={phase.message}
          buttonLabel={t("invitations-page.modal.retry")}
          onButton={() => setPhase({ name: "idle" })}
          testId="invitation-failed"
        />
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            {forCompany &&
              (types.isPending ? (
                <Loader size="sm" aria-label={t("app.loading")} />
              ) : types.isError ? (
                <Alert color="red" icon={<IconAlertCircle size={18} />}>
                  {t("invitations-page.modal.types-error")}
                </Alert>
              ) : options.length === 0 ? (
                <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
                  {t("invitations-page.modal.no-types")}
                </Alert>
              ) : (
                <Radio.Group label={t("invitations-page.modal.company-type")} value={type} onChange={setType} required>
                  <Group mt="xs">
                    {options.map((o) => (
                      <Radio key={o.id} value={String(o.id)} label={o.name} />
                    ))}
                  </Group>
                </Radio.Group>
              ))}
            {forCompany && (
              <TextInput
                label={t("invitations-page.modal.company-name")}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                required
                maxLength={200}
              />
            )}
            <TextInput
              label={forCompany ? t("invitations-page.modal.manager-email") : t("invitations-page.modal.user-email")}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={() => setEmailTouched(true)}
              required
              maxLength={254}
              error={
                emailTouched && trimmedEmail && !isValidEmail(trimmedEmail) ? t(ValidationKey.emailFormat) : undefined
              }
              data-autofocus
            />
            <Text size="sm" c="dimmed">
              {forCompany ? t("invitations-page.modal.note-company") : t("invitations-page.modal.note-colleague")}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" disabled={!ready} loading={phase.name === "sending"}>
                {t("invitations-page.modal.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

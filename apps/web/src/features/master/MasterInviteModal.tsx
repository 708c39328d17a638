import { isValidEmail, REGIONS, type RegionCode, ValidationKey } from "@coordina/domain";
import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { SendOutcome } from "../../ui/SendOutcome";
import { inviteColegio } from "./api/inviteColegio";
import texts from "./es.json";
import { RegionFlag } from "./RegionFlag";

addTexts(texts);

type Phase = { name: "idle" } | { name: "sending" } | { name: "ok" } | { name: "failed"; message: string };

const REGION_OPTIONS = REGIONS.map((r) => ({ value: r.code, label: r.name }));

/** The flag beside a region's name, left out of the accessible name (the text already says it). */
function FlagMark({ code }: { code: string | null }) {
  return (
    <span aria-hidden style={{ display: "inline-flex" }}>
      <RegionFlag code={code} size={24} />
    </span>
  );
}

/**
 * The master's invitation of a colegio (spec 01 §2, §4, §8): name, manager e-mail and, optionally, the
 * region whose flag it shows. idle → sending → the green box ('Terminar') or the red one with the
 * server's reason ('Reintentar'); both return to idle.
 */
export function MasterInviteModal({
  opened,
  onClose,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  /** An invitation went out: the caller refreshes what it shows. */
  onSent?: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [region, setRegion] = useState<RegionCode | null>(null);
  const [emailTouched, setEmailTouched] = useState(false);
  const [phase, setPhase] = useState<Phase>({ name: "idle" });

  const trimmedEmail = email.trim();
  const ready = isValidEmail(trimmedEmail) && name.trim() !== "";

  function close() {
    if (phase.name === "sending") return;
    setName("");
    setEmail("");
    setRegion(null);
    setEmailTouched(false);
    setPhase({ name: "idle" });
    onClose();
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!ready || phase.name !== "idle") return;
    setPhase({ name: "sending" });
    try {
      await inviteColegio({ email: trimmedEmail, name: name.trim(), ...(region ? { region } : {}) });
      setPhase({ name: "ok" });
      onSent?.();
    } catch (error) {
      setPhase({ name: "failed", message: errorText(error) });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("master-page.add.title")}
      size="lg"
      closeOnClickOutside={phase.name !== "sending"}
    >
      {phase.name === "ok" ? (
        <SendOutcome
          ok
          text={t("master.add.success-message")}
          buttonLabel={t("master-page.add.finish")}
          onButton={close}
          testId="master-invite-sent"
        />
      ) : phase.name === "failed" ? (
        <SendOutcome
          ok={false}
          title={t("master.add.error-message")}
          text={phase.message}
          buttonLabel={t("master-page.add.retry")}
          onButton={() => setPhase({ name: "idle" })}
          testId="master-invite-failed"
        />
      ) : (
        <form onSubmit={send} noValidate>
          <Stack>
            <TextInput
              label={t("master-page.add.name")}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              required
              maxLength={200}
              data-autofocus
            />
            <TextInput
              label={t("master-page.add.email")}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              onBlur={() => setEmailTouched(true)}
              required
              maxLength={254}
              error={
                emailTouched && trimmedEmail && !isValidEmail(trimmedEmail) ? t(ValidationKey.emailFormat) : undefined
              }
            />
            <Select<RegionCode>
              label={t("master-page.add.region")}
              description={t("master-page.add.region-description")}
              placeholder={t("master-page.add.region-placeholder")}
              data={REGION_OPTIONS}
              value={region}
              onChange={setRegion}
              clearable
              searchable
              maxDropdownHeight={260}
              leftSection={region ? <FlagMark code={region} /> : undefined}
              leftSectionWidth={region ? 40 : undefined}
              renderOption={({ option }) => (
                <Group gap="sm" wrap="nowrap">
                  <FlagMark code={option.value} />
                  <span>{option.label}</span>
                </Group>
              )}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" c="dimmed">
              {t("master-page.add.note")}
            </Text>
            <Group justify="flex-end">
              <Button type="submit" disabled={!ready} loading={phase.name === "sending"}>
                {t("master-page.add.send")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

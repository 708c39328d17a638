import { isValidEmail, REGIONS, type RegionCode } from "@coordina/domain";
import { Group, Select, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { EmailInput } from "../../ui/EmailInput";
import { SendModal } from "../../ui/SendModal";
import { useInviteColegio } from "./api/inviteColegio";
import texts from "./es.json";
import { RegionFlag } from "./RegionFlag";

addTexts(texts);

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
 * server's reason ('Reintentar'); both return to idle. The colegios reload once it is sent.
 */
export function MasterInviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: "master-page.add" });
  const { t: tAll } = useTranslation();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [region, setRegion] = useState<RegionCode | null>(null);
  const invite = useInviteColegio();

  const trimmedEmail = email.trim();
  const ready = isValidEmail(trimmedEmail) && name.trim() !== "";

  function close() {
    setName("");
    setEmail("");
    setRegion(null);
    onClose();
  }

  return (
    <SendModal
      opened={opened}
      onClose={close}
      title={t("title")}
      mutation={invite}
      ready={ready}
      variables={() => ({ email: trimmedEmail, name: name.trim(), ...(region ? { region } : {}) })}
      texts={{
        send: t("send"),
        sent: tAll("master.add.success-message"),
        finish: t("finish"),
        failed: tAll("master.add.error-message"),
        retry: t("retry"),
      }}
      testIds={{ sent: "master-invite-sent", failed: "master-invite-failed" }}
    >
      <TextInput
        label={t("name")}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={200}
        data-autofocus
      />
      <EmailInput label={t("email")} value={email} onChange={setEmail} />
      <Select<RegionCode>
        label={t("region")}
        description={t("region-description")}
        placeholder={t("region-placeholder")}
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
        {t("note")}
      </Text>
    </SendModal>
  );
}

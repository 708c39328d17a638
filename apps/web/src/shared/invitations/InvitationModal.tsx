import { isValidEmail } from "@coordina/domain";
import { Alert, Group, Loader, Radio, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { EmailInput } from "../../ui/EmailInput";
import { SendModal } from "../../ui/SendModal";
import { companyTypesQuery } from "./api/fetchCompanyTypes";
import { type Invitation, useInvite } from "./api/invite";
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
}

/** The company level picker: the levels the caller may create, the first preselected. */
function CompanyTypes({ value, onChange }: { value: string | null; onChange: (type: string | null) => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: "invitation-modal" });
  const { t: tAll } = useTranslation();
  const types = useQuery(companyTypesQuery);
  if (types.isPending) return <Loader size="sm" aria-label={tAll("app.loading")} />;
  if (types.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />}>
        {t("types-error")}
      </Alert>
    );
  if (types.data.length === 0)
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
        {t("no-types")}
      </Alert>
    );
  return (
    <Radio.Group label={t("company-type")} value={value} onChange={onChange} required>
      <Group mt="xs">
        {types.data.map((o) => (
          <Radio key={o.id} value={String(o.id)} label={o.name} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/**
 * The invitation form (spec 01 §2, §4, §5): idle → sending → sent ok ('Terminar') or sent failed
 * ('Reintentar'); both return to idle. The lists that show the invitation reload once it is sent.
 */
export function InvitationModal({ opened, onClose, mode }: InvitationModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "invitation-modal" });
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [type, setType] = useState<string | null>(null);
  const invite = useInvite();

  const forCompany = mode === "company";
  const types = useQuery({ ...companyTypesQuery, enabled: opened && forCompany });
  const firstOption = types.data?.[0]?.id;
  const optionIds = (types.data ?? []).map((o) => String(o.id)).join(",");

  // The first level allowed is preselected; a choice no longer offered is replaced by it.
  useEffect(() => {
    if (firstOption === undefined) return;
    setType((chosen) => (chosen && optionIds.split(",").includes(chosen) ? chosen : String(firstOption)));
  }, [firstOption, optionIds]);

  const trimmedEmail = email.trim();
  const ready = isValidEmail(trimmedEmail) && (!forCompany || (name.trim() !== "" && type !== null));

  function close() {
    setEmail("");
    setName("");
    setType(firstOption !== undefined ? String(firstOption) : null);
    onClose();
  }

  const invitation = (): Invitation =>
    forCompany
      ? { kind: "company", email: trimmedEmail, name: name.trim(), type: Number(type) }
      : { kind: "colleague", email: trimmedEmail };

  return (
    <SendModal
      opened={opened}
      onClose={close}
      title={t(forCompany ? "title-company" : "title-colleague")}
      mutation={invite}
      ready={ready}
      variables={invitation}
      texts={{ send: t("send"), sent: t("sent-ok"), finish: t("finish"), failed: t("send-error"), retry: t("retry") }}
      testIds={{ sent: "invitation-sent", failed: "invitation-failed" }}
    >
      {forCompany && <CompanyTypes value={type} onChange={setType} />}
      {forCompany && (
        <TextInput
          label={t("company-name")}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          maxLength={200}
        />
      )}
      <EmailInput label={t(forCompany ? "manager-email" : "user-email")} value={email} onChange={setEmail} autofocus />
      <Text size="sm" c="dimmed">
        {t(forCompany ? "note-company" : "note-colleague")}
      </Text>
    </SendModal>
  );
}

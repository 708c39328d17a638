import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { fullRegistrationOf } from "../../../app/contactData";
import { CONTACT_MAX, ContactFields, useContactForm } from "../../../ui/ContactFields";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { ErrorAlert } from "../../../ui/LoadState";
import { useSubmit } from "../../../ui/useSubmit";
import { useRegisterCompany } from "../api/registerCompany";
import { type AddCompanyModalProps, addedKey } from "../companyEdit";

/** The postcode takes up to 10 characters here (the check then wants exactly 5). */
const MAX = { ...CONTACT_MAX, postcode: 10 };

/** The full company add form (spec 01 §2, §5): every field required; on failure nothing is sent. */
export function FullFormModal({ opened, type, onClose, onAdded }: AddCompanyModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page" });
  const { t: tAll } = useTranslation();
  const form = useContactForm();
  const submit = useSubmit(useRegisterCompany(), {
    check: form.checkAll,
    variables: () => ({ ...fullRegistrationOf(form.values), type }),
    onDone: () => {
      reset();
      onAdded(tAll(addedKey(type)));
    },
    failureIn: "form",
  });

  function reset() {
    form.reset();
    submit.reset();
  }

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      reset={reset}
      busy={submit.busy}
      title={t(`full.title.${type}`)}
      size="lg"
    >
      <form onSubmit={submit.onSubmit} noValidate>
        <Stack>
          <ContactFields form={form} label={(field) => t(`full.${field}`)} maxLength={MAX} />
          {submit.failure && (
            <ErrorAlert title={t("editor.save-error")} testId="full-form-error">
              {submit.failure}
            </ErrorAlert>
          )}
          <FormActions busy={submit.busy} submitLabel={t("full.save")} />
        </Stack>
      </form>
    </FormModal>
  );
}

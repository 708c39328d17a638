import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CheckedTextInput } from "../../../ui/CheckedTextInput";
import { ContactFields, useContactForm } from "../../../ui/ContactFields";
import { FormActions, FormModal } from "../../../ui/FormModal";
import { useCheckedForm } from "../../../ui/useCheckedForm";
import { useSubmit } from "../../../ui/useSubmit";
import { useAddCommunity } from "../api/addCommunity";
import { ADD_EMPTY, ADD_FIELDS, type AddField, addFormError, registrationOf } from "../communityForm";
import { ValidMark } from "./ValidMark";

interface AddCommunityModalProps {
  /** 'simple': name and tax id; 'full': every contact field */
  form: "simple" | "full";
  opened: boolean;
  onClose: () => void;
  /** added: the page says so (its list reloads) */
  onAdded: () => void;
}

const MAX: Record<AddField, number> = { name: 200, cif: 20 };

/**
 * The two add forms (spec 02 §2 'Add community', §5): the simple one, name and tax id, both required; the
 * full one, every field required, a valid e-mail, a postcode of exactly 5. Each field shows valid or
 * invalid once touched, and nothing is sent while one is wrong. A refusal (a tax id in use…) shows in the
 * red 'Error' dialog (spec 02 §8) and the form keeps what was typed.
 */
export function AddCommunityModal({ form: kind, opened, onClose, onAdded }: AddCommunityModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: `communities-page.${kind}` });
  const simple = useCheckedForm(ADD_FIELDS, ADD_EMPTY, addFormError);
  const full = useContactForm();
  const form = kind === "simple" ? simple : full;
  const submit = useSubmit(useAddCommunity(), {
    check: form.checkAll,
    variables: () =>
      kind === "simple"
        ? { simple: { name: simple.values.name.trim(), cif: simple.values.cif.trim() } }
        : { full: registrationOf(full.values) },
    onDone: () => {
      form.reset();
      onAdded();
    },
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      reset={form.reset}
      busy={submit.busy}
      title={t("title")}
      size={kind === "full" ? "lg" : undefined}
    >
      <form onSubmit={submit.onSubmit} noValidate>
        <Stack>
          {kind === "simple" ? (
            ADD_FIELDS.map((field) => (
              <CheckedTextInput
                key={field}
                form={simple}
                field={field}
                label={t(field)}
                maxLength={MAX[field]}
                autofocus={field === "name"}
                validMark={<ValidMark />}
              />
            ))
          ) : (
            <ContactFields form={full} label={(field) => t(field)} validMark={<ValidMark />} />
          )}
          <FormActions busy={submit.busy} submitLabel={t("save")} />
        </Stack>
      </form>
    </FormModal>
  );
}

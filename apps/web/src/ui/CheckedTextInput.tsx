import { TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CheckedForm } from "./useCheckedForm";

interface CheckedTextInputProps<F extends string> {
  form: CheckedForm<F>;
  field: F;
  label: string;
  maxLength: number;
  type?: string;
  autofocus?: boolean;
  /** shown at the right of a touched field that is fine (e.g. a green check) */
  validMark?: ReactNode;
}

/** A required text field of a checked form (useCheckedForm): its message once touched. */
export function CheckedTextInput<F extends string>({
  form,
  field,
  label,
  maxLength,
  type,
  autofocus,
  validMark,
}: CheckedTextInputProps<F>) {
  const { t } = useTranslation();
  const key = form.shownError(field);
  return (
    <TextInput
      label={label}
      type={type}
      value={form.values[field]}
      onChange={(e) => form.change(field, e.currentTarget.value)}
      onBlur={(e) => form.leave(field, e.currentTarget.value)}
      error={key ? t(key) : undefined}
      rightSection={validMark && form.touched(field) && !key ? validMark : undefined}
      required
      maxLength={maxLength}
      data-autofocus={autofocus || undefined}
    />
  );
}

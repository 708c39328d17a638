import { isValidEmail, ValidationKey } from "@coordina/domain";
import { TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** A required e-mail field of a send form: its format message shows once it has been left, not while typing. */
export function EmailInput({
  label,
  value,
  onChange,
  autofocus = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autofocus?: boolean;
}) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(false);
  const trimmed = value.trim();
  return (
    <TextInput
      label={label}
      type="email"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={() => setLeft(true)}
      required
      maxLength={254}
      error={left && trimmed && !isValidEmail(trimmed) ? t(ValidationKey.emailFormat) : undefined}
      data-autofocus={autofocus || undefined}
    />
  );
}

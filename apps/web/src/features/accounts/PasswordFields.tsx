import { PasswordInput, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { PasswordMeter } from "../../shared/password/PasswordMeter";
import texts from "./es.json";

addTexts(texts);

export interface PasswordValues {
  password: string;
  confirm: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

/**
 * A new password typed twice, with the strength meter (0–10, recalculated 500 ms after typing stops,
 * spec 01 §5) and the hint of what a password needs: the rule the form and the server enforce
 * (`passwordMeetsRule`), not the meter's extra points.
 */
export function PasswordFields({
  value,
  onChange,
  errors = {},
  disabled = false,
  autoFocus = false,
}: {
  value: PasswordValues;
  onChange: (next: PasswordValues) => void;
  errors?: PasswordErrors;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();

  return (
    <Stack gap="sm">
      {/* Every field of this form is required: no asterisk, so each label reads exactly as written. */}
      <PasswordInput
        label={t("login.password")}
        autoComplete="new-password"
        value={value.password}
        onChange={(e) => onChange({ ...value, password: e.currentTarget.value })}
        error={errors.password}
        disabled={disabled}
        required
        withAsterisk={false}
        autoFocus={autoFocus}
      />
      <PasswordInput
        label={t("token-page.password-repeat")}
        autoComplete="new-password"
        value={value.confirm}
        onChange={(e) => onChange({ ...value, confirm: e.currentTarget.value })}
        error={errors.confirm}
        disabled={disabled}
        required
        withAsterisk={false}
      />
      <PasswordMeter password={value.password} />
    </Stack>
  );
}

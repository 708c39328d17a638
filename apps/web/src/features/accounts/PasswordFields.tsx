import { DEBOUNCE_MS, PASSWORD_MIN_LENGTH, passwordMeetsRule, passwordStrength } from "@coordina/domain";
import { PasswordInput, Progress, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import texts from "./es.json";

addTexts(texts);

export interface PasswordValues {
  password: string;
  confirm: string;
}
export type PasswordErrors = Partial<Record<keyof PasswordValues, string>>;

/**
 * Meter colour: weak in red, middling in yellow, strong in green; never green for a password the rule
 * refuses ('abcdefghijkl1' scores 7 with no uppercase letter nor special character).
 */
export function strengthColor(strength: number, meetsRule: boolean): "red" | "yellow" | "green" {
  if (strength <= 3) return "red";
  if (strength <= 6 || !meetsRule) return "yellow";
  return "green";
}

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
  const [settled] = useDebouncedValue(value.password, DEBOUNCE_MS.passwordStrength);
  const strength = passwordStrength(settled);

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
      <Stack gap={4}>
        <Text size="sm" data-testid="password-strength">
          {t("token-page.strength", { value: strength })}
        </Text>
        <Progress.Root size="md">
          <Progress.Section
            value={strength * 10}
            color={strengthColor(strength, passwordMeetsRule(settled))}
            aria-label={t("token-page.strength-label")}
          />
        </Progress.Root>
        <Text size="xs" c="dimmed">
          {t("login.password-hint", { min: PASSWORD_MIN_LENGTH })}
        </Text>
      </Stack>
    </Stack>
  );
}

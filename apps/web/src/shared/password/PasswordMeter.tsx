import { DEBOUNCE_MS, PASSWORD_MIN_LENGTH, passwordMeetsRule, passwordStrength } from "@coordina/domain";
import { Progress, Stack, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import texts from "./es.json";

addTexts(texts);

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
 * The strength meter of a new password (0–10, recalculated 500 ms after typing stops, spec 01 §5) and the
 * hint of what a password needs: the rule every form and the server enforce (`passwordMeetsRule`, key
 * login.password-must), not the meter's extra points.
 */
export function PasswordMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const [settled] = useDebouncedValue(password, DEBOUNCE_MS.passwordStrength);
  const strength = passwordStrength(settled);
  return (
    <Stack gap={4}>
      <Text size="sm" data-testid="password-strength">
        {t("password-meter.strength", { value: strength })}
      </Text>
      <Progress.Root size="md">
        <Progress.Section
          value={strength * 10}
          color={strengthColor(strength, passwordMeetsRule(settled))}
          aria-label={t("password-meter.label")}
        />
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {t("login.password-hint", { min: PASSWORD_MIN_LENGTH })}
      </Text>
    </Stack>
  );
}

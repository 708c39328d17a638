import { expiryState, expiryText } from "@coordina/domain";
import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/**
 * A document's expiry (spec 02 §4 'Expiry indicator'): 'Caducado desde DD/MM/YYYY' in red once passed,
 * otherwise 'Caducidad: DD/MM/YYYY' or 'Caducidad: no tiene'. A document whose definition demands a date
 * and has none (`needsExpiry`, the server's `needs_expiry`) says 'Falta la fecha de caducidad' in red
 * instead (issue 21): it counts for nothing until the date is set, on every list where it shows.
 */
export function ExpiryIndicator({
  obsolete,
  today,
  needsExpiry = false,
}: {
  obsolete: string | null | undefined;
  today?: string;
  needsExpiry?: boolean;
}) {
  const { t } = useTranslation();
  if (needsExpiry && !obsolete)
    return (
      <Text size="xs" c="red" fw={600} data-testid="expiry-indicator" data-expiry="missing">
        {t("documents.expiry-missing")}
      </Text>
    );
  const state = expiryState(obsolete, today);
  return (
    <Text
      size="xs"
      c={state.kind === "expired" ? "red" : "dimmed"}
      fw={state.kind === "expired" ? 600 : undefined}
      data-testid="expiry-indicator"
      data-expiry={state.kind}
    >
      {expiryText(state)}
    </Text>
  );
}

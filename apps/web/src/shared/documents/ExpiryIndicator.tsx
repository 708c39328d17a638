import { expiryState, expiryText } from "@coordina/domain";
import { Text } from "@mantine/core";

/**
 * A document's expiry (spec 02 §4 'Expiry indicator'): 'Caducado desde DD/MM/YYYY' in red once passed,
 * otherwise 'Caducidad: DD/MM/YYYY' or 'Caducidad: no tiene'.
 */
export function ExpiryIndicator({ obsolete, today }: { obsolete: string | null | undefined; today?: string }) {
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

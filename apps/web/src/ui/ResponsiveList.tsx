import { Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

/** Below Mantine's `sm` breakpoint (48em): a phone, where a list is a column of cards. */
export const PHONE_QUERY = "(max-width: 47.99em)";

/** Whether the screen is a phone's (known at the first paint, so a table never flashes before its cards). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

interface ResponsiveListProps {
  /** the list as a table, on wider screens */
  table: ReactNode;
  /** the same rows as cards (ItemCard, each a listitem), on a phone */
  cards: readonly ReactNode[];
  /** what a phone shows instead of the cards when there are none (loading, why it failed, empty) */
  empty?: ReactNode;
  /** the cards' list name for a screen reader */
  label: string;
  testId?: string;
}

/**
 * A table on a wide screen, a column of cards on a phone instead of a table scrolled sideways
 * (DESIGN §7 'Every screen, two widths').
 */
export function ResponsiveList({ table, cards, empty, label, testId }: ResponsiveListProps) {
  const phone = usePhone();
  if (!phone) return table;
  if (cards.length === 0) return empty;
  return (
    <Stack gap="xs" role="list" aria-label={label} data-testid={testId}>
      {cards}
    </Stack>
  );
}

import { Card, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { IconActionProps } from "./RowActions";

type DataAttributes = { [key: `data-${string}`]: string | number | boolean | undefined };

interface ItemCardProps extends DataAttributes {
  /** the item's lines (ItemTitle, ItemMeta…) */
  children: ReactNode;
  /** its buttons, at the right (under the lines on a phone) */
  actions: ReactNode;
  /** the lines' smallest width before the buttons wrap under them */
  basis?: string;
  gap?: number;
}

/** One card of a list of documents or tasks (role listitem): its lines on the left, its buttons on the right. */
export function ItemCard({ children, actions, basis = "16rem", gap = 2, ...data }: ItemCardProps) {
  return (
    <Card withBorder padding="xs" radius="sm" role="listitem" {...data}>
      <Group justify="space-between" wrap="wrap" gap="xs" align="center">
        <Stack gap={gap} style={{ minWidth: 0, flex: `1 1 ${basis}` }}>
          {children}
        </Stack>
        {actions}
      </Group>
    </Card>
  );
}

/** The item's name, in bold, broken anywhere rather than overflowing. */
export function ItemTitle({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={600} style={{ wordBreak: "break-word" }}>
      {children}
    </Text>
  );
}

/** A small grey line of facts about the item (size · uploader · date), those given joined by ' · '. */
export function ItemMeta({ parts }: { parts: string[] }) {
  return (
    <Text size="xs" c="dimmed">
      {parts.join(" · ")}
    </Text>
  );
}

/**
 * One light of a compact card: what it counts (the list's column) and the light as the table's cell draws
 * it (CountLight, PendingLight, with their words and '—' when nothing is expected).
 */
export interface ItemLight {
  label: string;
  element: ReactNode;
}

/** A compact card's lights side by side, each named as the list's column and followed by its figures. */
export function ItemLights({ lights }: { lights: ItemLight[] }) {
  return (
    <Group gap="md" wrap="wrap" data-testid="item-lights">
      {lights.map((item) => (
        <Group key={item.label} gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          {item.element}
        </Group>
      ))}
    </Group>
  );
}

/**
 * A card's action named after its item ('Borrar actividad: Fontanería'), its tooltip still the action's own
 * word: the cards of a list never have two buttons of the same name for a screen reader.
 */
export function namedFor(action: IconActionProps, name: string): IconActionProps {
  return { ...action, label: `${action.label}: ${name}`, hint: action.hint ?? action.label };
}

import { Anchor, Center, Group, Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "./Logo";

/**
 * The centred card of the public pages (login, recovery, registration, e-mailed links), with an optional
 * title (the page's level-one heading); the page's main landmark.
 */
export function PublicCard({ title, width, children }: { title?: string; width: number; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="md" radius="md" p="xl" w={width} maw="100%">
        {title === undefined ? (
          children
        ) : (
          <Stack>
            <Group gap="sm">
              <Logo size={40} />
              <Title order={1} size="h3">
                {title}
              </Title>
            </Group>
            {children}
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

/** A centred link of a public page (back to the login, the forgotten password, the registration…). */
export function PublicLink({
  to,
  size = "sm",
  dimmed = false,
  children,
}: {
  to: string;
  size?: "xs" | "sm" | "md";
  dimmed?: boolean;
  children: ReactNode;
}) {
  return (
    <Anchor component={Link} to={to} size={size} c={dimmed ? "dimmed" : undefined} ta="center">
      {children}
    </Anchor>
  );
}

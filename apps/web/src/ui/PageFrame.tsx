import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page in the app shell: its title, the page's one level-one heading (sized as before), then its content. */
export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

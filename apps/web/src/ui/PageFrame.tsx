import { Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

export function PageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      {children}
    </Stack>
  );
}

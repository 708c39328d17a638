import { Group, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconUpload, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** What a drop zone shows: the accept/reject/idle icon, what to do, and its size hint. */
export function DropZoneContent(props: { idleIcon: ReactNode; title: string; hint: string; hintId?: string }) {
  return (
    <Group justify="center" gap="md" mih={100} style={{ pointerEvents: "none" }} wrap="nowrap">
      <Dropzone.Accept>
        <IconUpload size={36} color="var(--mantine-color-blue-6)" aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={36} color="var(--mantine-color-red-6)" aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>{props.idleIcon}</Dropzone.Idle>
      <Stack gap={2}>
        <Text size="md">{props.title}</Text>
        <Text size="xs" c="gray.7" id={props.hintId}>
          {props.hint}
        </Text>
      </Stack>
    </Group>
  );
}

import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "../../../ui/fileSize";

/** An uploaded file of a definition. */
export interface SectionFile {
  id: number;
  name: string;
  /** in bytes */
  size: number;
}

/** A document definition with the files uploaded for it. */
export interface SectionDefinition {
  id: number;
  name: string;
  files: SectionFile[];
}

interface DocumentSectionProps {
  title: string;
  definitions: SectionDefinition[];
  /** opens a file's PDF; without it files show no open button */
  onOpen?: (file: SectionFile) => void;
  testId?: string;
}

/**
 * One section of a provider's documents in a community (spec 02 §2 'Provider-in-community document
 * view'): each definition lists its files with name, size and an open-PDF button, or 'No hay documentos'.
 */
export function DocumentSection({ title, definitions, onOpen, testId }: DocumentSectionProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`community-providers-page.provider.${key}`, values);
  const none = (
    <Text size="sm" c="dimmed">
      {k("no-documents")}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {definitions.length === 0 ? (
        none
      ) : (
        <Stack gap="md">
          {definitions.map((definition) => (
            <Stack key={definition.id} gap={4}>
              <Text fw={600} size="sm">
                {definition.name}
              </Text>
              {definition.files.length === 0
                ? none
                : definition.files.map((file) => (
                    <Group key={file.id} gap="xs" wrap="nowrap">
                      <Text size="sm">{file.name}</Text>
                      <Text size="xs" c="dimmed">
                        {formatFileSize(file.size)}
                      </Text>
                      {onOpen && (
                        <Tooltip label={k("open")}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={k("open-named", { name: file.name })}
                            onClick={() => onOpen(file)}
                          >
                            <IconFileTypePdf size={18} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  ))}
            </Stack>
          ))}
        </Stack>
      )}
    </Card>
  );
}

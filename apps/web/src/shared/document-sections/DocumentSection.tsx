import { Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { formatFileSize } from "../../ui/fileSize";
import { ErrorAlert } from "../../ui/LoadState";
import { IconAction } from "../../ui/RowActions";
import { ExpiryIndicator } from "../documents/ExpiryIndicator";
import type { SectionDefinition, SectionFile } from "../reading/documentGroups";
import { ReadStatusBadge } from "../reading/ReadStatusBadge";
import texts from "./es.json";

addTexts(texts);

interface DocumentSectionProps {
  title: string;
  definitions: SectionDefinition[];
  /** opens a file's PDF; without it files show no open button */
  onOpen?: (file: SectionFile) => void;
  /** what the section shows without definitions; 'No hay documentos' by default */
  empty?: ReactNode;
  loading?: boolean;
  /** why the section could not be loaded */
  error?: string | null;
  testId?: string;
}

/**
 * One section of a company's documents in a community (spec 02 §2 'Provider-in-community document view',
 * 'Porter documents for an administrator'): each definition lists its files with name, size, expiry (when known), read mark (in the reading
 * section) and an open-PDF button, or 'No hay documentos'.
 */
export function DocumentSection({ title, definitions, onOpen, empty, loading, error, testId }: DocumentSectionProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-section" });
  const { t: tAll } = useTranslation();
  const none = (
    <Text size="sm" c="dimmed" data-testid="no-documents">
      {t("no-documents")}
    </Text>
  );
  let content: ReactNode;
  if (loading) content = <Loader size="sm" aria-label={tAll("app.loading")} />;
  else if (error) content = <ErrorAlert>{error}</ErrorAlert>;
  else if (definitions.length === 0) content = empty ?? none;
  else
    content = (
      <Stack gap="md">
        {definitions.map((definition) => (
          <Stack key={definition.id} gap={4} data-testid="section-definition" data-definition-id={definition.id}>
            <Text fw={600} size="sm">
              {definition.name}
            </Text>
            {definition.files.length === 0
              ? none
              : definition.files.map((file) => (
                  <Group key={file.id} gap="xs" wrap="wrap" data-testid="section-file" data-document-id={file.id}>
                    <Text size="sm" style={{ wordBreak: "break-word" }}>
                      {file.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatFileSize(file.size)}
                    </Text>
                    {file.obsolete !== undefined && (
                      <ExpiryIndicator obsolete={file.obsolete} needsExpiry={file.needsExpiry} />
                    )}
                    {file.read !== undefined && <ReadStatusBadge read={file.read} />}
                    {onOpen && (
                      <IconAction
                        label={t("open-named", { name: file.name })}
                        hint={t("open")}
                        icon={<IconFileTypePdf size={18} />}
                        onClick={() => onOpen(file)}
                      />
                    )}
                  </Group>
                ))}
          </Stack>
        ))}
      </Stack>
    );
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {content}
    </Card>
  );
}

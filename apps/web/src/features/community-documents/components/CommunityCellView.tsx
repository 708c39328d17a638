import type { CommunityCell } from "@coordina/domain";
import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { openFile } from "../../../ui/openFile";

const COLORS: Record<CommunityCell["state"], string> = {
  current: "green",
  missing: "red",
  expired: "red",
  incomplete: "orange",
};

/**
 * What one community holds for one definition: 'Subido', 'Sin subir', 'Caducado' or 'Falta la fecha de
 * caducidad', and the file it speaks of, opened by its name (with how many more there are).
 */
export function CommunityCellView({
  cell,
  definitionName,
  communityName,
}: {
  cell: CommunityCell;
  definitionName: string;
  communityName: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "community-documents" });
  const file = cell.document?.fileupload;
  return (
    <Stack gap={2} align="flex-start" data-state={cell.state} data-definition-id={cell.id_definition}>
      <Badge color={COLORS[cell.state]} variant="light" size="sm">
        {t(`state.${cell.state}`)}
      </Badge>
      {file && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => void openFile(file.id, "view")}
          aria-label={t("list.view", { name: definitionName, community: communityName })}
          style={{ wordBreak: "break-all", textAlign: "left" }}
        >
          {file.name}
        </Anchor>
      )}
      {cell.documents_count > 1 && (
        <Text size="xs" c="dimmed">
          {t("list.more", { count: cell.documents_count - 1 })}
        </Text>
      )}
    </Stack>
  );
}

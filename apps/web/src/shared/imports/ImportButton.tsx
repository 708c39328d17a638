import type { ImportKind } from "@coordina/domain";
import { Button, Tooltip } from "@mantine/core";
import { IconDownload, IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleOf, useSession } from "../../app/session";
import { useDownloadTemplate } from "./api/importDownloads";
import { ImporterModal } from "./ImporterModal";
import { mayImport } from "./importRules";
import { useImporter } from "./useImporter";

interface ImportButtonProps {
  kind: ImportKind;
  /** the community of a `community-providers` import */
  idFinca?: number;
  /** `community-providers`: the caller may manage the community (its `editable`) */
  editable?: boolean;
}

/**
 * A list's 'Importar Excel' button with 'Descargar plantilla' beside it, and the importer it opens; shown
 * only to the roles that may import that kind (mayImport). The importer's state lives here, not in its
 * window: an import closed while it goes on is still followed, and the list reloads when it stops.
 */
export function ImportButton({ kind, idFinca, editable = false }: ImportButtonProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const role = roleOf(useSession());
  const [opened, setOpened] = useState(false);
  const template = useDownloadTemplate();
  const importer = useImporter(kind, idFinca);
  if (!mayImport(role, kind, editable)) return null;
  const templateLabel = t(`kinds.${kind}.template`);
  return (
    <>
      <Button.Group style={{ maxWidth: "100%" }}>
        <Button
          variant="light"
          style={{ minWidth: 0, flexShrink: 1 }}
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => setOpened(true)}
          aria-haspopup="dialog"
          data-import-kind={kind}
        >
          {t(`kinds.${kind}.button`)}
        </Button>
        <Tooltip label={templateLabel}>
          <Button
            variant="light"
            px="xs"
            aria-label={templateLabel}
            loading={template.isPending}
            onClick={() => template.mutate(kind)}
          >
            <IconDownload size={16} aria-hidden />
          </Button>
        </Tooltip>
      </Button.Group>
      <ImporterModal
        opened={opened}
        kind={kind}
        importer={importer}
        onClose={() => {
          importer.closed();
          setOpened(false);
        }}
      />
    </>
  );
}

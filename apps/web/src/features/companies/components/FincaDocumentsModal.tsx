import { Alert, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { DefinitionUploadBox } from "../../documents/components/DefinitionUploadBox";
import { fincaDocumentsQuery } from "../api/fetchFincaDocuments";

export interface FincaDocumentsSubject {
  fincaId: number;
  fincaName: string;
  providerId: number;
}

function FincaDocuments({ fincaId, providerId }: FincaDocumentsSubject) {
  const { t } = useTranslation();
  const query = useQuery(fincaDocumentsQuery({ id_finca: fincaId, id_gremio: providerId }));
  if (query.isPending)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t("app.loading")} />
        <Text size="sm" c="dimmed">
          {t("app.loading")}
        </Text>
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="documents-load-error">
        {errorText(query.error)}
      </Alert>
    );
  if (query.data.data.length === 0)
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="no-docs">
        {t("companies-page.provider.communities.no-docs")}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t("companies-page.provider.communities.modal-intro", { provider: query.data.company.name })}
      </Text>
      {query.data.data.map((item) => (
        <DefinitionUploadBox key={item.definition.id} item={item} communityId={fincaId} />
      ))}
    </Stack>
  );
}

/**
 * 'Ver documentos' of a provider's community (spec 02 §2 'Provider detail by the association'): a large
 * modal 'Documentos de {finca}' with the definitions the provider uploads there, its documents, and the
 * colegio's validation switch where a definition requires it (the same boxes as 'Docs generales').
 */
export function FincaDocumentsModal({
  subject,
  opened,
  onClose,
}: {
  /** the community shown (kept while the modal closes) */
  subject: FincaDocumentsSubject | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened && subject !== null}
      onClose={onClose}
      size="xl"
      title={subject ? t("companies-page.provider.communities.modal-title", { name: subject.fincaName }) : ""}
      data-testid="finca-documents-modal"
    >
      {subject && <FincaDocuments {...subject} />}
    </Modal>
  );
}

import { Modal, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fincaDocumentsQuery } from "../../../shared/documents/api/fetchFincaDocuments";
import { DefinitionBoxesOf } from "../../../shared/documents/DefinitionBoxes";

export interface FincaDocumentsSubject {
  fincaId: number;
  fincaName: string;
  providerId: number;
}

function FincaDocuments({ fincaId, providerId }: FincaDocumentsSubject) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.provider.communities" });
  return (
    <DefinitionBoxesOf
      query={useQuery(fincaDocumentsQuery({ id_finca: fincaId, id_gremio: providerId }))}
      communityId={fincaId}
      emptyText={t("no-docs")}
      intro={(answer) => (
        <Text size="sm" c="dimmed">
          {t("modal-intro", { provider: answer.company.name })}
        </Text>
      )}
    />
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
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.provider.communities" });
  return (
    <Modal
      opened={opened && subject !== null}
      onClose={onClose}
      size="xl"
      title={subject ? t("modal-title", { name: subject.fincaName }) : ""}
      data-testid="finca-documents-modal"
    >
      {subject && <FincaDocuments {...subject} />}
    </Modal>
  );
}

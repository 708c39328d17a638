import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { PageFrame } from "../../ui/PageFrame";
import { ReadRequirementsList } from "./components/ReadRequirementsList";
import texts from "./es.json";

addTexts(texts);

/**
 * /documents/lecturas, 'Lecturas de documentos' (the administrator's menu): the colegio's read
 * requirements as they stand in the administrator's communities — the documents that count there, with
 * "Leído por N de M" and who read each one, where and when. Read-only: the colegio decides what must be
 * read (its 'Lecturas obligatorias' tab in /documents/settings).
 */
export default function ReadingsPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  return (
    <PageFrame title={t("page-title")}>
      <Alert color="blue" icon={<IconInfoCircle size={18} />} mb="md">
        {t("page-hint")}
      </Alert>
      <ReadRequirementsList />
    </PageFrame>
  );
}

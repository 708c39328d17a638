import { Card, Group, Title } from "@mantine/core";
import { IconFolder } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DefinitionBoxes } from "../../../shared/documents/DefinitionBoxes";

/**
 * A company's general documents as the colegio sees them ('Docs generales' of the provider detail, spec 02
 * §2 'Provider detail by the association'): every definition with the documents uploaded, read only, with
 * the validation switch where the definition requires the colegio's validation.
 */
export function CompanyGeneralDocuments({ companyId }: { companyId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.provider.documents" });
  return (
    <Card withBorder radius="md" padding="lg" data-testid="company-general-documents">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconFolder size={20} aria-hidden />
        <Title order={4}>{t("title")}</Title>
      </Group>
      <DefinitionBoxes request={{ id_company: companyId }} emptyText={t("no-docs")} />
    </Card>
  );
}

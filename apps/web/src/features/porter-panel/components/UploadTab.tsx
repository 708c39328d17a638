import { Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DefinitionBoxes } from "../../../shared/documents/DefinitionBoxes";

/**
 * The porter's uploads in the community (spec 02 §2 'Upload screen for a community', porter wording;
 * §4 porter uploads group PORTEROS): one box per definition the server gives a porter here, with the
 * same upload area, 10 MB rule, expiry dialog and errors as every upload screen.
 */
export function UploadTab({ communityId }: { communityId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-panel.upload" });
  return (
    <Stack gap="md" data-testid="porter-upload">
      <Title order={4}>{t("title")}</Title>
      <DefinitionBoxes request={{ id_finca: communityId }} communityId={communityId} emptyText={t("empty")} />
    </Stack>
  );
}

import type { CommunityView } from "@coordina/domain";
import { Card, Group, Text, Title } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useOutletContext } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { DefinitionBoxes } from "../../shared/documents/DefinitionBoxes";
import texts from "./es.json";
import { uploadIntroKey, uploadTitleKey } from "./screenRules";

addTexts(texts);

/**
 * A community's upload screen (spec 02 §2 'Upload screen for a community'), in the community panel: its name
 * (the panel entry's), the spec's sentence by the uploader's role and one box per definition the caller uploads here (community-bound ones
 * for this community, general ones once for all).
 */
export default function CommunityUploadPage() {
  const { t } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const role = roleOf(useSession());
  return (
    <Card withBorder radius="md" padding="lg" data-testid="community-upload">
      <Group gap="xs" mb={4} wrap="nowrap">
        <IconUpload size={20} aria-hidden />
        <Title order={4}>{t(uploadTitleKey(role))}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t(uploadIntroKey(role))}
      </Text>
      <DefinitionBoxes
        request={{ id_finca: community.id }}
        communityId={community.id}
        emptyText={t("documents-page.no-docs-community")}
      />
    </Card>
  );
}

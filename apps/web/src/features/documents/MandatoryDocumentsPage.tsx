import { GROUP_FILTERS, type GroupFilter, Role } from "@coordina/domain";
import { Card, Group, SegmentedControl, Text, Title } from "@mantine/core";
import { IconFolder } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { definedDocumentsQuery } from "../../shared/documents/api/fetchDefinedDocuments";
import { DefinitionBoxes } from "../../shared/documents/DefinitionBoxes";
import { NoColegioNotice } from "../../shared/inclusion/NoColegioNotice";
import { PageFrame } from "../../ui/PageFrame";
import { PendingValidationCard } from "./components/PendingValidationCard";
import texts from "./es.json";
import { groupOf, mandatoryTitleKey } from "./screenRules";

addTexts(texts);

/** The caller's general documents of a group: the group selector and one box per definition. */
function UploadScreen({ pathname }: { pathname: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: "documents-page" });
  const [params, setParams] = useSearchParams();
  const group = groupOf(params.get("group"), pathname);
  const request = { group };
  // The same query the boxes read (cached): it names whose documents these are.
  const company = useQuery(definedDocumentsQuery(request)).data?.company;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="mandatory-documents">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconFolder size={20} aria-hidden />
          <CardTitle title={t("mandatory.card-title")} subtitle={company?.name} />
        </Group>
        <SegmentedControl
          aria-label={t("mandatory.group")}
          value={group}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            next.set("group", value);
            setParams(next, { replace: true });
          }}
          data={GROUP_FILTERS.map((value: GroupFilter) => ({ value, label: t(`groups.${value}`) }))}
        />
      </Group>
      <DefinitionBoxes request={request} emptyText={t("mandatory.no-docs")} />
    </Card>
  );
}

function CardTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div>
      <Title order={4}>{title}</Title>
      {subtitle && (
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      )}
    </div>
  );
}

/**
 * The general documents (spec 02 §2 'Mandatory documents'; routes /documents/mandatory, /lopd, /provdoc):
 * for those who upload, 'Documentos generales', a card with a box per definition of the chosen group (LOPD by
 * default; CAF on /provdoc); for the colegio, which validates, 'Validar documentos', the documents pending its
 * validation.
 */
export default function MandatoryDocumentsPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = useSession();
  const role = roleOf(current);
  // A company in no colegio (a provider that registered on its own) has nothing asked of it yet: it is told
  // why and may ask a colegio to include it; getcompanydefined is not even called (issue 21).
  const noColegio = role === Role.gremio && current !== null && current.colegios.length === 0;
  return (
    <PageFrame title={t(mandatoryTitleKey(role))}>
      {role === Role.colegio ? (
        <PendingValidationCard />
      ) : noColegio ? (
        <NoColegioNotice />
      ) : (
        <UploadScreen pathname={pathname} />
      )}
    </PageFrame>
  );
}

import { DEFINITION_TABS } from "@coordina/domain";
import { Alert, Tabs } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { PageFrame } from "../../ui/PageFrame";
import { DefinitionsList } from "./components/DefinitionsList";
import { ReadRequirementsList } from "./components/ReadRequirementsList";
import { tabOf } from "./definitionForm";
import texts from "./es.json";
import { READINGS_TAB, readsRequirements } from "./readRequirements";

addTexts(texts);

/**
 * /documents/settings, the colegio's document definitions (spec 02 §2 'Document definitions
 * administration'): three tabs by who uploads ('Docs Administradores', 'Docs Proveedores', 'Docs
 * Porteros') and 'Lecturas obligatorias' (document-read-requirements) for the colegio and its
 * administrators, the tab kept in the address (`?tab=`) so that a reload stays on it. Only the colegio
 * changes definitions; members of the colegio who open it see them read-only.
 */
export default function DefinitionsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const withReadings = readsRequirements(roleOf(useSession()));
  const tab = withReadings && params.get("tab") === READINGS_TAB ? READINGS_TAB : tabOf(params.get("tab"));
  // What the latest answer said (docsAllowedToEdit); null until the first one.
  const [allowed, setAllowed] = useState<boolean | null>(null);

  return (
    <PageFrame title={t("document-definitions.title")}>
      {allowed === false && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="definitions-read-only">
          {t("document-definitions.read-only")}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams({ tab: value === READINGS_TAB ? READINGS_TAB : tabOf(value) }, { replace: true })
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {DEFINITION_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`definitions-tab-${value}`}>
              {t(`document-definitions.tabs.${value}`)}
            </Tabs.Tab>
          ))}
          {withReadings && (
            <Tabs.Tab value={READINGS_TAB} data-testid={`definitions-tab-${READINGS_TAB}`}>
              {t(`document-definitions.tabs.${READINGS_TAB}`)}
            </Tabs.Tab>
          )}
        </Tabs.List>
        {DEFINITION_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <DefinitionsList tab={value} canEdit={allowed === true} onAllowed={setAllowed} />
          </Tabs.Panel>
        ))}
        {withReadings && (
          <Tabs.Panel value={READINGS_TAB}>
            <ReadRequirementsList />
          </Tabs.Panel>
        )}
      </Tabs>
    </PageFrame>
  );
}

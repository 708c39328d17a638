import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { PageFrame } from "../../ui/PageFrame";
import { PorterFincasList } from "./components/PorterFincasList";
import { PorterSummaryList } from "./components/PorterSummaryList";
import texts from "./es.json";
import { SUMMARY_LIST, summaryTarget } from "./summaryLink";

addTexts(texts);

/**
 * /admin-fincas/porteros/{id?} (spec 02 §2 'Other routes'): the doormen summary when the id is -1 (or
 * missing), that porter's communities otherwise.
 */
export default function PortersSummaryPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-summary" });
  const target = summaryTarget(useParams().id);
  if (!target) return <Navigate to={SUMMARY_LIST} replace />;
  if (target.kind === "porter") return <PorterFincasList key={target.id} porterId={target.id} />;
  return (
    <PageFrame title={t("title")}>
      <PorterSummaryList />
    </PageFrame>
  );
}

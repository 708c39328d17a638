import { useTranslation } from "react-i18next";
import { Navigate, useParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { PageFrame } from "../../ui/PageFrame";
import { AdminProvidersList } from "./components/AdminProvidersList";
import { ProviderFincasList } from "./components/ProviderFincasList";
import texts from "./es.json";
import { OVERVIEW_LIST, overviewTarget } from "./overviewLink";

addTexts(texts);

/**
 * /admin-fincas/proveedor/{id?} (spec 02 §2 'Admin overview of compliance'): the administrator's providers
 * with their figures over its communities without an id (or -1), that provider's communities with one.
 */
export default function AdminProvidersPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "admin-providers" });
  const target = overviewTarget(useParams().id);
  if (!target) return <Navigate to={OVERVIEW_LIST} replace />;
  if (target.kind === "detail") return <ProviderFincasList key={target.id} providerId={target.id} />;
  return (
    <PageFrame title={t("title")}>
      <AdminProvidersList />
    </PageFrame>
  );
}

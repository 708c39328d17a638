import { Role } from "@coordina/domain";
import { addTexts } from "../../app/i18n";
import { CompaniesListPage } from "./components/CompaniesListPage";
import texts from "./es.json";

addTexts(texts);

/** The colegio's providers (/admin/proveedor). */
export default function ProvidersPage() {
  return <CompaniesListPage type={Role.gremio} />;
}

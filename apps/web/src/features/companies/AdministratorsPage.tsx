import { Role } from "@coordina/domain";
import { addTexts } from "../../app/i18n";
import { CompaniesListPage } from "./components/CompaniesListPage";
import texts from "./es.json";

addTexts(texts);

/** The colegio's administrator companies (/admin/administradores). */
export default function AdministratorsPage() {
  return <CompaniesListPage type={Role.administrador} />;
}

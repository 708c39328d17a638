import { Role } from "@coordina/domain";
import { addTexts } from "../../app/i18n";
import { CompaniesListPage } from "./components/CompaniesListPage";
import { InclusionRequestsCard } from "./components/InclusionRequestsCard";
import texts from "./es.json";

addTexts(texts);

/** The colegio's providers (/admin/proveedor), below the providers' open requests to join it (issue 21). */
export default function ProvidersPage() {
  return <CompaniesListPage type={Role.gremio} above={<InclusionRequestsCard />} />;
}

import { Role } from "@coordina/domain";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { AdminCommunitiesList } from "./components/AdminCommunitiesList";
import { ProviderCommunitiesList } from "./components/ProviderCommunitiesList";
import texts from "./es.json";

addTexts(texts);

/**
 * /comunidades/index, the start page of administrators and providers (spec 02 §2): an administrator's
 * own communities, or the communities a provider serves.
 */
export default function CommunitiesPage() {
  const current = useSession();
  return current?.user.user_role === Role.gremio ? <ProviderCommunitiesList /> : <AdminCommunitiesList />;
}

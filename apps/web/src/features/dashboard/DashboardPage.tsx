import "@mantine/charts/styles.css";
import { Role } from "@coordina/domain";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { PageFrame } from "../../ui/PageFrame";
import { AdminDashboardView } from "./components/AdminDashboardView";
import { ColegioDashboardView } from "./components/ColegioDashboardView";
import texts from "./es.json";

addTexts(texts);

/**
 * `/dashboard` ('Panel'; issue 23 part 3): the colegio's and the administrator's own figures, each a link to
 * the list behind it. Its own chunk (charts included): nothing of it loads before it is opened.
 */
export default function DashboardPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "dashboard-page" });
  const role = roleOf(useSession());
  return (
    <PageFrame title={t("title")}>
      {role === Role.colegio ? <ColegioDashboardView /> : <AdminDashboardView />}
    </PageFrame>
  );
}

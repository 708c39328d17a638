import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import { CalendarFeedCard } from "../../shared/calendar/CalendarFeedCard";
import { PageFrame } from "../../ui/PageFrame";
import { SchedulesCard } from "./components/SchedulesCard";
import { Seven24Card } from "./components/Seven24Card";
import texts from "./es.json";

addTexts(texts);

/**
 * /proveedores/config/calendar, the provider's 'Calendario y servicio' (spec 02 §2 'Provider configuration and
 * schedule'; issue 22 items 4 and 5): the 24-hour service, the weekly 'Programación', and the private address
 * of the calendar for the user's agenda.
 */
export default function ProviderConfigPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t("menu.calendario")}>
      <Seven24Card />
      <SchedulesCard />
      <CalendarFeedCard />
    </PageFrame>
  );
}

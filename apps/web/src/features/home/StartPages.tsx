import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageFrame } from "../../ui/PageFrame";

/** Any area a later issue fills: its title and an honest notice. */
export function InPreparationPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <Alert color="blue" title={t("app.in-preparation")}>
        {t("app.in-preparation-text")}
      </Alert>
    </PageFrame>
  );
}

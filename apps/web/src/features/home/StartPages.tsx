import { Alert, Card, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageFrame } from "../../ui/PageFrame";

/** Any area a later issue fills: its title and an honest notice. */
export function InPreparationPage({ titleKey, inPanel = false }: { titleKey: string; inPanel?: boolean }) {
  const { t } = useTranslation();
  if (inPanel)
    return (
      <Card withBorder radius="md" padding="lg">
        <Title order={4} mb="sm">
          {t(titleKey)}
        </Title>
        <Alert color="blue" title={t("app.in-preparation")}>
          {t("app.in-preparation-text")}
        </Alert>
      </Card>
    );
  return (
    <PageFrame title={t(titleKey)}>
      <Alert color="blue" title={t("app.in-preparation")}>
        {t("app.in-preparation-text")}
      </Alert>
    </PageFrame>
  );
}

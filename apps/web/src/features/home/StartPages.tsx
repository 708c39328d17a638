import { Alert, Card, Title } from "@mantine/core";
import { IconHome } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ListCard } from "../../ui/ListCard";
import { PageFrame } from "../../ui/PageFrame";

/**
 * Start pages by role. Each shows its real frame, title and columns; the lists themselves arrive with
 * their own issues, and until then the table says so instead of pretending to be empty.
 */
function StartList({ titleKey, columnsKey, icon }: { titleKey: string; columnsKey: string; icon: React.ReactNode }) {
  const { t } = useTranslation();
  const columns = t(columnsKey, { returnObjects: true }) as string[];
  return (
    <PageFrame title={t(titleKey)}>
      <ListCard title={t(titleKey)} icon={icon} columns={columns} empty={t("pages.list-in-preparation")} />
    </PageFrame>
  );
}

export function PorterosComunidadesPage() {
  return (
    <StartList
      titleKey="pages.porteros-comunidades.title"
      columnsKey="pages.porteros-comunidades.columns"
      icon={<IconHome size={20} />}
    />
  );
}

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

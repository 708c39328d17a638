import { Button, Group, Stack, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams } from "react-router";
import { addTexts } from "../../app/i18n";
import { companyQuery } from "../../shared/companies/api/fetchCompany";
import { UsersCard } from "../../shared/users/UsersCard";
import { useBackTo } from "./components/backLink";
import texts from "./es.json";

addTexts(texts);

const LIST = "/admin/administradores";

/** The users of an administrator company (/admin/administradores/{id}/users), titled with its name. */
export default function CompanyUsersPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const back = useBackTo(LIST);
  const company = useQuery(companyQuery(valid ? id : 0));
  if (!valid) return <Navigate to={LIST} replace />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {company.data?.name ?? (company.isError ? t("users-page.title") : "…")}
        </Title>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t("companies-page.users.back")}
        </Button>
      </Group>
      <UsersCard companyId={id} />
    </Stack>
  );
}

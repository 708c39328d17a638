import type { CompanyView } from "@coordina/domain";
import { Badge, Button, Card, Grid, Group, NavLink, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconBuildingCommunity, IconFolder, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useParams } from "react-router";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { companyQuery } from "../../shared/companies/api/fetchCompany";
import { UsersCard } from "../../shared/users/UsersCard";
import { ErrorAlert } from "../../ui/LoadState";
import { useBackTo } from "./components/backLink";
import { CompanyGeneralDocuments } from "./components/CompanyGeneralDocuments";
import { ProviderCommunities } from "./components/ProviderCommunities";
import texts from "./es.json";

addTexts(texts);

const LIST = "/admin/proveedor";
const SECTIONS = [
  { path: "upload", label: "upload", icon: IconFolder },
  { path: "comunidades", label: "communities", icon: IconBuildingCommunity },
  { path: "users", label: "users", icon: IconUsers },
] as const;
type Section = (typeof SECTIONS)[number]["path"];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function InfoPanel({ company }: { company: CompanyView }) {
  const { t } = useTranslation(undefined, { keyPrefix: "companies-page.provider.info" });
  const address = [company.address, [company.postcode, company.city].filter(Boolean).join(" "), company.country]
    .filter(Boolean)
    .join(", ");
  return (
    <Card withBorder radius="md" padding="lg" data-testid="provider-info">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t("title")}</Title>
        {company.erased && <Badge color="red">{t("deactivated")}</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Field label={t("cif")}>{company.cif || "—"}</Field>
        <Field label={t("manager")}>{company.owner_user?.email ?? "—"}</Field>
        <Field label={t("email")}>{company.email || "—"}</Field>
        <Field label={t("person")}>{company.person || "—"}</Field>
        <Field label={t("tfn")}>{company.tfn || "—"}</Field>
        <Field label={t("address")}>{address || "—"}</Field>
      </SimpleGrid>
      <Stack gap={4} mt="md">
        <Text size="xs" c="dimmed">
          {t("activities")}
        </Text>
        {company.activities.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          <Group gap={6}>
            {company.activities.map((a) => (
              <Badge key={a.id} variant="light">
                {a.name}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * One provider as the colegio sees it (spec 02 §2 'Provider detail by the association'): header with
 * its name and 'Volver a proveedores', info panel, and the sections Docs generales, Comunidades and
 * Usuarios (/admin/proveedor/{id}/{section}/{id}).
 */
export default function ProviderDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const section = (params["*"] ?? "").split("/")[0] as Section | "";
  const back = useBackTo(LIST);
  const company = useQuery(companyQuery(valid ? id : 0));

  if (!valid) return <Navigate to={LIST} replace />;
  if (!SECTIONS.some((s) => s.path === section))
    return <Navigate to={`${LIST}/${id}/users/${id}`} replace state={location.state} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {company.data?.name ?? "…"}
        </Title>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t("companies-page.provider.back")}
        </Button>
      </Group>
      {company.isError ? (
        <ErrorAlert title={t("companies-page.editor.read-error")}>{errorText(company.error)}</ErrorAlert>
      ) : (
        company.data && <InfoPanel company={company.data} />
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card
            withBorder
            radius="md"
            padding="xs"
            component="nav"
            aria-label={t("companies-page.provider.menu-label")}
          >
            {SECTIONS.map((s) => (
              <NavLink
                key={s.path}
                component={Link}
                to={`${LIST}/${id}/${s.path}/${id}`}
                state={location.state}
                label={t(`companies-page.provider.menu.${s.label}`)}
                leftSection={<s.icon size={18} />}
                active={section === s.path}
                aria-current={section === s.path ? "page" : undefined}
              />
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {section === "users" ? (
            <UsersCard companyId={id} />
          ) : section === "upload" ? (
            <CompanyGeneralDocuments companyId={id} />
          ) : (
            <ProviderCommunities providerId={id} />
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

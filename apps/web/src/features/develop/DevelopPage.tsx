import { APP_VERSION, NO_COLEGIO } from "@coordina/domain";
import { Anchor, Badge, Card, Group, List, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTexts } from "../../app/i18n";
import { featuresOf, useSession } from "../../app/session";
import { useAppConfig } from "../../app/useDevelopmentMode";
import { PageFrame } from "../../ui/PageFrame";
import { DevelopmentGate } from "./DevelopmentGate";
import texts from "./es.json";

addTexts(texts);

/**
 * `/develop` (spec 01 §2), shown only while the server runs in development (DevelopmentGate): the version
 * the sidebar shows, what the session says of the current user (role, company, colegio, feature flags) and the
 * development aids (the mail viewer, the API description). It asks the server nothing new: the session is the
 * one the app already holds, the mode comes from `/app/config`.
 */
export default function DevelopPage() {
  return (
    <DevelopmentGate>
      <DevelopFacts />
    </DevelopmentGate>
  );
}

function DevelopFacts() {
  const { t } = useTranslation(undefined, { keyPrefix: "develop-page" });
  const { t: tAll } = useTranslation();
  const current = useSession();
  const config = useAppConfig();
  if (!current) return null;
  const features = featuresOf(current);
  const colegio = current.colegio.id === NO_COLEGIO.id ? null : current.colegio;
  const rows: [string, string, string][] = [
    ["version", t("version"), APP_VERSION],
    ["user", t("user"), current.user.email],
    ["role", t("role"), `${tAll(`roles.${current.user.user_role}`)} (${current.user.user_role})`],
    ["company", t("company"), `${current.company.name} (${current.company.id})`],
    ["colegio", t("colegio"), colegio ? `${colegio.name} (${colegio.id})` : t("no-colegio")],
  ];
  return (
    <PageFrame title={t("title")}>
      <Text size="sm" c="dimmed">
        {t("intro")}
      </Text>
      <Card withBorder radius="md" padding="lg">
        <Table data-testid="develop-facts" variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([key, label, value]) => (
              <Table.Tr key={key} data-testid={`develop-${key}`}>
                <Table.Th w="40%">{label}</Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("features")}
          </Title>
          <Group gap="xs" data-testid="develop-features">
            {features.length === 0 ? (
              <Text size="sm">{t("none")}</Text>
            ) : (
              features.map((feature) => (
                <Badge key={feature} variant="light" tt="none">
                  {feature}
                </Badge>
              ))
            )}
          </Group>
          {current.flags.length === 0 && (
            <Text size="xs" c="dimmed">
              {t("default-features")}
            </Text>
          )}
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t("links")}
          </Title>
          <List spacing="xs" size="sm">
            <List.Item>
              {config.data?.mailViewer ? (
                <Anchor component={Link} to="/dev/mail">
                  {t("mail-viewer")}
                </Anchor>
              ) : (
                t("mail-viewer-off")
              )}
            </List.Item>
            {/* Served by the API at the site's root, outside the web app's /webapp/. */}
            <List.Item>
              <Anchor href="/api-docs/">{t("api-docs")}</Anchor>
            </List.Item>
            <List.Item>
              <Anchor href="/api-docs/json">{t("api-json")}</Anchor>
            </List.Item>
          </List>
        </Stack>
      </Card>
    </PageFrame>
  );
}

import { Alert, Anchor, Center, Paper, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Open pages (recover, registry, legal, token pages) until their own issue builds them. */
export function PublicPlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="md" radius="md" p="xl" w={480} maw="100%">
        <Stack>
          <Title order={2}>{t(titleKey)}</Title>
          <Alert color="blue" title={t("app.in-preparation")}>
            {t("app.in-preparation-text")}
          </Alert>
          <Anchor component={Link} to="/login">
            {t("nav.back-to-login")}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

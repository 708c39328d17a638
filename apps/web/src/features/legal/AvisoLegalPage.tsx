import { Card, Loader, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorText } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { roleOf, useSession } from "../../app/session";
import { currentTermsQuery } from "../../shared/legal/api/currentTermsQuery";
import { SanitizedHtml } from "../../shared/legal/SanitizedHtml";
import { ErrorAlert } from "../../ui/LoadState";
import { PageFrame } from "../../ui/PageFrame";
import texts from "./es.json";
import { TermsBody } from "./TermsBody";
import { termsFor } from "./terms";

addTexts(texts);

/**
 * 'Aviso legal' (issue 23 part 4) for administrators and providers, once inside: the current colegio's legal
 * advice, and the conditions of use of their role there (the version they accepted), to read again at any time.
 */
export default function AvisoLegalPage() {
  const { t } = useTranslation();
  const current = useSession();
  const builtIn = termsFor(roleOf(current));
  const terms = useQuery(currentTermsQuery(current?.colegio.id ?? 0));
  // With no colegio chosen there is no colegio's advice to show: the user picks one.
  const chosen = (current?.colegio.id ?? -1) > 0;

  return (
    <PageFrame title={t("menu.aviso-legal")}>
      {terms.isError ? (
        <ErrorAlert title={t("aviso-legal-page.read-error")} testId="aviso-legal-read-error">
          {errorText(terms.error)}
        </ErrorAlert>
      ) : terms.isPending || !builtIn ? (
        <Loader size="sm" aria-label={t("app.loading")} />
      ) : (
        <>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {t("aviso-legal-page.advice")}
            </Title>
            {!chosen ? (
              <Text size="sm" c="dimmed" data-testid="aviso-legal-choose">
                {t("aviso-legal-page.choose-colegio")}
              </Text>
            ) : terms.data.aviso_legal !== null ? (
              <SanitizedHtml html={terms.data.aviso_legal} testId="aviso-legal-text" />
            ) : (
              <Text size="sm" c="dimmed">
                {t("aviso-legal-page.no-advice")}
              </Text>
            )}
          </Card>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">
              {builtIn.title}
            </Title>
            <TermsBody builtIn={builtIn} current={{ ...terms.data, aviso_legal: null }} />
          </Card>
        </>
      )}
    </PageFrame>
  );
}

import type { ColegioInclusionRequest } from "@coordina/domain";
import { Alert, Badge, Box, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconUserPlus, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../app/dates";
import { showError } from "../../../app/errorDialog";
import { addTexts } from "../../../app/i18n";
import { ConfirmDialog } from "../../../ui/ConfirmDialog";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ErrorAlert } from "../../../ui/LoadState";
import { colegioInclusionRequestsQuery, useDecideInclusion } from "../api/inclusionRequests";
import texts from "./InclusionRequestsCard.es.json";

addTexts(texts);

/**
 * 'Solicitudes de inclusión' above the colegio's providers (issue 21): the providers that ask to join it,
 * each with who asked, when, its message, 'Incluir' (one click: a member as with the NIF form, and mailed)
 * and 'Rechazar' (after a question; mailed too). Nothing shows while there are none; a list that cannot be
 * read says so, with 'Reintentar'.
 */
export function InclusionRequestsCard() {
  const { t } = useTranslation(undefined, { keyPrefix: "inclusion-requests" });
  const requests = useQuery(colegioInclusionRequestsQuery());
  const decide = useDecideInclusion();
  const [declining, setDeclining] = useState<ColegioInclusionRequest | null>(null);
  // What was decided here, newest last: two quick decisions both tell their outcome.
  const [notices, setNotices] = useState<readonly { key: number; text: string }[]>([]);
  const noticeKey = useRef(0);
  // The requests being decided (true: 'Incluir'), and those decided: gone at once, not when the list is read
  // again (a second click would be refused as closed). Each decision awaits its own answer, so none is lost.
  const [deciding, setDeciding] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());

  const run = async (request: ColegioInclusionRequest, include: boolean) => {
    setDeciding((rows) => new Map(rows).set(request.id, include));
    try {
      await decide.mutateAsync({ id: request.id, include });
      setDecided((ids) => new Set(ids).add(request.id));
      const text = t(include ? "included" : "declined", { name: request.company.name });
      const key = ++noticeKey.current;
      setNotices((shown) => [...shown, { key, text }]);
    } catch (error) {
      showError(error);
    } finally {
      setDeciding((rows) => {
        const next = new Map(rows);
        next.delete(request.id);
        return next;
      });
    }
  };

  const open = (requests.data ?? []).filter((r) => !decided.has(r.id));
  return (
    <>
      {notices.length > 0 && (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          onClose={() => setNotices([])}
          mb="md"
          data-testid="inclusion-notice"
        >
          <Stack gap={4}>
            {notices.map((notice) => (
              <div key={notice.key}>{notice.text}</div>
            ))}
          </Stack>
        </Alert>
      )}
      {requests.isError && (
        <Box mb="md">
          <ErrorAlert
            testId="inclusion-requests-error"
            onRetry={() => void requests.refetch()}
            retrying={requests.isFetching}
          >
            {t("error")}
          </ErrorAlert>
        </Box>
      )}
      {open.length > 0 && (
        <Card
          withBorder
          radius="md"
          padding="md"
          mb="md"
          component="section"
          aria-labelledby="inclusion-requests-title"
          data-testid="inclusion-requests"
        >
          <Stack gap="sm">
            <Group gap="xs" wrap="nowrap">
              <IconUserPlus size={20} aria-hidden />
              <Title order={2} size="h4" id="inclusion-requests-title">
                {t("title")}
              </Title>
              <Badge color="orange" variant="light">
                {open.length}
              </Badge>
            </Group>
            <Text size="sm">{t("intro", { count: open.length })}</Text>
            <Stack gap="xs" role="list" aria-label={t("title")}>
              {open.map((request) => (
                <ItemCard
                  key={request.id}
                  data-testid="inclusion-request"
                  data-request-id={request.id}
                  actions={
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        leftSection={<IconCheck size={14} aria-hidden />}
                        loading={deciding.get(request.id) === true}
                        disabled={deciding.has(request.id)}
                        aria-label={t("include-named", { name: request.company.name })}
                        onClick={() => void run(request, true)}
                      >
                        {t("include")}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconX size={14} aria-hidden />}
                        loading={deciding.get(request.id) === false}
                        disabled={deciding.has(request.id)}
                        aria-label={t("decline-named", { name: request.company.name })}
                        onClick={() => setDeclining(request)}
                      >
                        {t("decline")}
                      </Button>
                    </Group>
                  }
                >
                  <ItemTitle>{request.company.name}</ItemTitle>
                  <ItemMeta
                    parts={[
                      ...(request.company.cif ? [t("cif", { cif: request.company.cif })] : []),
                      t("asked", { date: formatDate(request.created_at), email: request.requested_by }),
                    ]}
                  />
                  {request.message && (
                    <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                      {t("message", { message: request.message })}
                    </Text>
                  )}
                </ItemCard>
              ))}
            </Stack>
          </Stack>
        </Card>
      )}
      <ConfirmDialog
        subject={declining}
        title={t("confirm-decline.title")}
        text={(request) => t("confirm-decline.text", { name: request.company.name })}
        cancelLabel={t("confirm-decline.back")}
        confirmLabel={t("confirm-decline.confirm")}
        onClose={() => setDeclining(null)}
        onConfirm={(request) => {
          setDeclining(null);
          void run(request, false);
        }}
      />
    </>
  );
}

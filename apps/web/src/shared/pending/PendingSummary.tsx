import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addTexts } from "../../app/i18n";
import { useSession } from "../../app/session";
import { ErrorAlert } from "../../ui/LoadState";
import { NoColegioNotice } from "../inclusion/NoColegioNotice";
import texts from "./es.json";
import { pendingReadsQuery, uploadsPendingQuery } from "./pendingQueries";

addTexts(texts);

/** 'Tareas pendientes' (spec 02 §2 'Provider home'), where every item of the summary is listed. */
export const PENDING_TASKS = "/proveedores/main";

function Figure({ kind, count }: { kind: "uploads" | "reads"; count: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "pending-summary" });
  return (
    <Badge
      // nothing to do may also mean nothing is expected yet: neutral, never a green "all done"
      color={count > 0 ? "orange" : "gray"}
      variant="light"
      size="lg"
      tt="none"
      data-testid={`pending-summary-${kind}`}
      data-count={count}
    >
      {count > 0 ? t(kind, { count }) : t(`nothing-${kind}`)}
    </Badge>
  );
}

/**
 * What a provider still has to do in the current colegio, on its start page (the communities it serves, spec 02
 * §2; issue 21): how many documents it must upload (missing, expired, or without the expiry date their definition
 * requires) and how many it must read, counted from the same queries as 'Tareas pendientes', which it links to.
 * What is owed is owed in a colegio: before one is chosen the card asks for it.
 */
export function PendingSummary() {
  const { t } = useTranslation(undefined, { keyPrefix: "pending-summary" });
  const current = useSession();
  const enabled = (current?.colegio.id ?? 0) > 0;
  const uploads = useQuery({ ...uploadsPendingQuery(), enabled });
  const reads = useQuery({ ...pendingReadsQuery(), enabled });

  // In no colegio at all, the card says why and offers to ask one (issue 21): a form and its own messages, kept
  // out of the live region, which announces the counts only.
  const noColegio = current?.colegios.length === 0;
  let body: ReactNode;
  // Without a colegio chosen there is nothing to count yet: the card says so instead of vanishing.
  if (!enabled) body = <Text size="sm">{t("choose-colegio")}</Text>;
  else if (uploads.isError || reads.isError)
    // Like the other cards: why, and 'Reintentar', which asks again for what failed.
    body = (
      <ErrorAlert
        testId="pending-summary-error"
        retrying={uploads.isFetching || reads.isFetching}
        onRetry={() => {
          if (uploads.isError) void uploads.refetch();
          if (reads.isError) void reads.refetch();
        }}
      >
        {t("error")}
      </ErrorAlert>
    );
  else if (!uploads.data || !reads.data) body = <Text size="sm">{t("loading")}</Text>;
  else if (uploads.data.length === 0 && reads.data.length === 0)
    body = (
      <Group gap="xs" wrap="nowrap" data-testid="pending-summary-none">
        <Text size="sm">{t("none")}</Text>
      </Group>
    );
  else
    body = (
      <Group gap="xs">
        <Figure kind="uploads" count={uploads.data.length} />
        <Figure kind="reads" count={reads.data.length} />
      </Group>
    );

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby="pending-summary-title"
      data-testid="pending-summary"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={6}>
          <Title order={2} size="h4" id="pending-summary-title">
            {t("title")}
          </Title>
          {noColegio ? <NoColegioNotice compact /> : <div role="status">{body}</div>}
        </Stack>
        <Button
          component={Link}
          to={PENDING_TASKS}
          variant="light"
          rightSection={<IconArrowRight size={16} aria-hidden />}
        >
          {t("go")}
        </Button>
      </Group>
    </Card>
  );
}

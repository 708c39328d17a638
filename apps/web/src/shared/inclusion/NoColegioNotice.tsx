import { INCLUSION_MESSAGE_MAX, type OwnInclusionRequest } from "@coordina/domain";
import { Alert, Button, Card, Group, Select, Stack, Text, Textarea, Title } from "@mantine/core";
import { IconBuildingCommunity, IconSend } from "@tabler/icons-react";
import { focusManager, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../app/dates";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { FormActions, FormModal } from "../../ui/FormModal";
import { ErrorAlert, Loading } from "../../ui/LoadState";
import { inclusionColegiosQuery, ownInclusionRequestsQuery } from "./api/ownInclusionRequests";
import { useRequestInclusion, useWithdrawInclusion } from "./api/requestInclusion";
import texts from "./es.json";

addTexts(texts);

/** 'Solicitar inclusión': pick one of the colegios not asked yet, an optional message, send. */
function RequestModal({
  opened,
  asked,
  onClose,
  onSent,
}: {
  opened: boolean;
  asked: readonly number[];
  onClose: () => void;
  onSent: (colegio: string) => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "inclusion-notice" });
  const colegios = useQuery({ ...inclusionColegiosQuery(), enabled: opened });
  const send = useRequestInclusion();
  const [colegio, setColegio] = useState<string | null>(null);
  const [message, setMessage] = useState("");
  const [missing, setMissing] = useState(false);
  const options = (colegios.data ?? [])
    .filter((c) => !asked.includes(c.id))
    .map((c) => ({ value: String(c.id), label: c.name }));
  const reset = () => {
    setColegio(null);
    setMessage("");
    setMissing(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending || colegios.isError) return;
    if (!colegio) return setMissing(true);
    const name = options.find((o) => o.value === colegio)?.label ?? "";
    send.mutate(
      { colegio_id: Number(colegio), ...(message.trim() ? { message: message.trim() } : {}) },
      {
        onSuccess: () => {
          reset();
          onSent(name);
        },
        onError: showError,
      },
    );
  };
  return (
    <FormModal opened={opened} onClose={onClose} reset={reset} busy={send.isPending} title={t("modal.title")}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {colegios.isError ? (
            // Why there is nothing to choose, and a way to ask again; nothing can be sent meanwhile.
            <ErrorAlert
              testId="inclusion-colegios-error"
              onRetry={() => void colegios.refetch()}
              retrying={colegios.isFetching}
            >
              {t("modal.colegios-error")}
            </ErrorAlert>
          ) : colegios.isSuccess && options.length === 0 ? (
            <Alert color="blue">{t("none-left")}</Alert>
          ) : (
            <Select
              label={t("modal.colegio")}
              placeholder={t("modal.colegio-placeholder")}
              data={options}
              value={colegio}
              onChange={(value) => {
                setColegio(value);
                setMissing(false);
              }}
              searchable
              required
              disabled={!colegios.isSuccess}
              error={missing ? t("modal.colegio-required") : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Textarea
            label={t("modal.message")}
            description={t("modal.message-hint")}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={INCLUSION_MESSAGE_MAX}
            rows={3}
          />
          <FormActions
            busy={send.isPending}
            submitLabel={t("modal.send")}
            submitDisabled={colegios.isError || (colegios.isSuccess && options.length === 0)}
            cancel={{ label: t("modal.cancel"), onClick: onClose }}
          />
        </Stack>
      </form>
    </FormModal>
  );
}

/** An open request, with 'Retirar' (spinning while `busy`). */
function PendingRequest({
  request,
  busy,
  onWithdraw,
}: {
  request: OwnInclusionRequest;
  busy: boolean;
  onWithdraw: () => void;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "inclusion-notice" });
  const colegio = request.colegio.name;
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      role="listitem"
      data-testid="inclusion-request"
      data-colegio-id={request.colegio.id}
    >
      <Text size="sm">{t("pending", { colegio, date: formatDate(request.created_at) })}</Text>
      <Button
        size="xs"
        variant="light"
        color="red"
        loading={busy}
        aria-label={t("withdraw-named", { colegio })}
        onClick={onWithdraw}
      >
        {t("withdraw")}
      </Button>
    </Group>
  );
}

/**
 * The session (the company's colegios, staleTime 5 min) read again on mount, on coming back to the tab, and
 * when an open request leaves the list without being withdrawn here: a colegio included the company, which
 * then sees that colegio at once instead of being invited to ask again.
 */
function useColegiosRefresh(requests: readonly OwnInclusionRequest[] | undefined, withdrawn: ReadonlySet<number>) {
  const queryClient = useQueryClient();
  const seen = useRef<readonly number[]>([]);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    refresh();
    return focusManager.subscribe((focused) => {
      if (focused) refresh();
    });
  }, [queryClient]);
  useEffect(() => {
    if (!requests) return;
    const ids = requests.map((r) => r.id);
    const answered = seen.current.some((id) => !ids.includes(id) && !withdrawn.has(id));
    seen.current = ids;
    if (answered) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [requests, withdrawn, queryClient]);
}

/**
 * What a provider in no colegio sees where its work would be (issue 21): why nothing is there, its open
 * requests to join a colegio, each with 'Retirar', and 'Solicitar inclusión'. `compact`: the shorter text
 * of a card on the start page.
 */
export function NoColegioNotice({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "inclusion-notice" });
  // Read again on coming back to the tab: a colegio may have answered meanwhile.
  const requests = useQuery({ ...ownInclusionRequestsQuery(), refetchOnWindowFocus: true });
  const withdraw = useWithdrawInclusion();
  // Requests being withdrawn, and those withdrawn: gone at once, not when the list is read again (a second
  // 'Retirar' would be refused). Each withdrawal awaits its own answer, so none is lost.
  const [withdrawing, setWithdrawing] = useState<ReadonlySet<number>>(new Set());
  const [withdrawn, setWithdrawn] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  useColegiosRefresh(requests.data, withdrawn);
  const open = (requests.data ?? []).filter((r) => !withdrawn.has(r.id));
  const withdrawRequest = async (request: OwnInclusionRequest) => {
    setWithdrawing((ids) => new Set(ids).add(request.id));
    try {
      await withdraw.mutateAsync(request.id);
      setWithdrawn((ids) => new Set(ids).add(request.id));
      setNotice(t("withdrawn", { colegio: request.colegio.name }));
    } catch (error) {
      showError(error);
    } finally {
      setWithdrawing((ids) => {
        const next = new Set(ids);
        next.delete(request.id);
        return next;
      });
    }
  };
  const content = (
    <Stack gap="sm">
      {!compact && (
        <Group gap="xs" wrap="nowrap">
          <IconBuildingCommunity size={20} aria-hidden />
          <Title order={2} size="h4">
            {t("title")}
          </Title>
        </Group>
      )}
      <Text size="sm">{t("why")}</Text>
      {requests.isPending ? (
        <Loading text={t("loading")} py="xs" />
      ) : (
        open.length === 0 && <Text size="sm">{t("how")}</Text>
      )}
      {requests.isError && (
        // Asking stays possible: the server refuses a second request to the same colegio.
        <ErrorAlert
          testId="inclusion-requests-error"
          onRetry={() => void requests.refetch()}
          retrying={requests.isFetching}
        >
          {t("error")}
        </ErrorAlert>
      )}
      {open.length > 0 && (
        <Stack gap={6} role="list" aria-label={t("pending-title")}>
          {open.map((request) => (
            <PendingRequest
              key={request.id}
              request={request}
              busy={withdrawing.has(request.id)}
              onWithdraw={() => void withdrawRequest(request)}
            />
          ))}
        </Stack>
      )}
      {notice && (
        <Text size="sm" role="status" c="teal" data-testid="inclusion-notice">
          {notice}
        </Text>
      )}
      <Group>
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          variant={open.length > 0 ? "light" : "filled"}
          onClick={() => {
            setNotice(null);
            setAsking(true);
          }}
          disabled={requests.isPending}
        >
          {t("ask")}
        </Button>
      </Group>
      <RequestModal
        opened={asking}
        asked={open.map((r) => r.colegio.id)}
        onClose={() => setAsking(false)}
        onSent={(colegio) => {
          setAsking(false);
          setNotice(t("sent", { colegio }));
        }}
      />
    </Stack>
  );
  if (compact) return <div data-testid="no-colegio">{content}</div>;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="no-colegio" component="section">
      {content}
    </Card>
  );
}

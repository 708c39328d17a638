import { DEBOUNCE_MS } from "@coordina/domain";
import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconArrowLeft, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useParams, useSearchParams } from "react-router";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { arrivalClock } from "../../shared/arrivals/arrivalTime";
import { communityQuery } from "../../shared/communities/api/fetchCommunity";
import { OWN_COMMUNITIES, porterPanelPath } from "../../shared/paths";
import { QueryView } from "../../ui/LoadState";
import { NoticeAlert } from "../../ui/NoticeAlert";
import { useAddArrival } from "./api/addArrival";
import { arrivalProvidersQuery } from "./api/fetchArrivalProviders";
import { ArrivalCard } from "./components/ArrivalCard";
import texts from "./es.json";

addTexts(texts);

/** The panel's tab the porter came from (?tab=, a word; the panel checks it is one of its tabs). */
function useTabToReturnTo(): string | null {
  const tab = useSearchParams()[0].get("tab");
  return tab && /^[a-z]+$/.test(tab) ? tab : null;
}

function Arrivals({ id }: { id: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-arrivals" });
  const back = porterPanelPath(id, useTabToReturnTo());
  const community = useQuery(communityQuery(id));
  const [search, setSearch] = useState("");
  const [filter] = useDebouncedValue(search.trim(), DEBOUNCE_MS.search);
  const providers = useQuery(arrivalProvidersQuery(id, filter));
  const add = useAddArrival(id);
  const [notice, setNotice] = useState<string | null>(null);

  const arrive = (providerId: number, name: string) => {
    if (add.isPending) return;
    setNotice(null);
    add.mutate(providerId, {
      onSuccess: (arrival) => setNotice(t("recorded", { time: arrivalClock(arrival.arrived_at), name })),
      onError: showError,
    });
  };

  return (
    <Stack gap="md" maw={720} w="100%" mx="auto" data-testid="arrivals-page">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h2">
            {t("title")}
          </Title>
          {community.data && (
            <Text size="sm" c="dimmed" style={{ wordBreak: "break-word" }} data-testid="arrivals-community">
              {community.data.name}
            </Text>
          )}
        </Stack>
        <Button
          component={Link}
          to={back}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          aria-label={t("back-label")}
          style={{ flex: "none" }}
        >
          {t("back")}
        </Button>
      </Group>
      <Text size="sm">{t("intro")}</Text>
      <TextInput
        size="lg"
        label={t("search")}
        placeholder={t("search-placeholder")}
        leftSection={<IconSearch size={20} aria-hidden />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
        autoComplete="off"
      />
      {notice !== null && (
        <NoticeAlert onClose={() => setNotice(null)} testId="arrival-notice">
          {notice}
        </NoticeAlert>
      )}
      <QueryView
        query={providers}
        loading={t("loading")}
        errorTestId="arrivals-error"
        isEmpty={(rows) => rows.length === 0}
        empty={
          <Text c="dimmed" ta="center" py="md" data-testid="arrivals-empty">
            {filter ? t("no-match") : t("empty")}
          </Text>
        }
      >
        {(rows) => (
          <Stack gap="sm" role="list" aria-label={t("list-label")}>
            {rows.map((row) => (
              <ArrivalCard
                key={row.provider_id}
                row={row}
                recording={add.isPending && add.variables === row.provider_id}
                disabled={add.isPending}
                onArrived={() => arrive(row.provider_id, row.provider_name)}
              />
            ))}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}

/**
 * /porteros/comunidades/{finca}/llegadas, '¿Quién viene hoy?' (issue 19 'Arrival check'), made for a
 * phone at the door: a big search by name or CIF over the community's providers, each with a large light
 * (green in order, red when anything is missing, said in words too), what it lacks in plain words, its
 * last arrival and 'Ha llegado', which records the arrival and says when. 'Volver' goes back to the
 * panel's tab the porter came from.
 */
export default function ArrivalsPage() {
  const params = useParams();
  const id = Number(params.finca);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={OWN_COMMUNITIES} replace />;
  return <Arrivals key={id} id={id} />;
}

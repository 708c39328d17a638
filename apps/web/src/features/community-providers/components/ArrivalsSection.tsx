import { type ArrivalsPage, lightFigure, PAGE_SIZE } from "@coordina/domain";
import { Card, Group, List, Loader, Pagination, Stack, Text, Title } from "@mantine/core";
import { IconDoorEnter } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { arrivalDateTime } from "../../../shared/arrivals/arrivalTime";
import { arrivalLight, arrivalLightLabel, missingItems } from "../../../shared/arrivals/missingWords";
import { ItemCard, ItemTitle } from "../../../ui/ItemCard";
import { usePageLabels } from "../../../ui/ListCard";
import { ErrorAlert } from "../../../ui/LoadState";
import { TrafficLight } from "../../../ui/TrafficLight";
import { arrivalsQuery } from "../api/fetchArrivals";

type Arrival = ArrivalsPage["data"][number];

/** One recorded arrival: when (in Spain), which porter let the provider in, and its state at that moment. */
function ArrivalItem({ arrival }: { arrival: Arrival }) {
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page.arrivals" });
  const missing = missingItems(arrival.missing);
  return (
    <ItemCard
      data-testid="arrival"
      data-arrival-id={arrival.id}
      actions={
        <TrafficLight light={arrivalLight(arrival.missing)} label={arrivalLightLabel(arrival.missing)} size={14}>
          {/* the dot already says it to a screen reader */}
          <span aria-hidden>{arrivalLightLabel(arrival.missing)}</span>
        </TrafficLight>
      }
    >
      <ItemTitle>{arrivalDateTime(arrival.arrived_at)}</ItemTitle>
      <Text size="xs" c="dimmed" style={{ wordBreak: "break-word" }}>
        {t("porter", { email: arrival.porter_email })} ·{" "}
        {t("figures", {
          uploaded: lightFigure(arrival.uploaded_count, arrival.upload_must),
          read: lightFigure(arrival.read_count, arrival.read_must),
        })}
      </Text>
      {missing.length > 0 && (
        <List size="sm" spacing={0} data-testid="arrival-missing">
          {missing.map((item) => (
            <List.Item key={item.key}>{item.words}</List.Item>
          ))}
        </List>
      )}
    </ItemCard>
  );
}

/**
 * 'Llegadas' (issue 19, the arrival check): the provider's arrivals in the community that its porters
 * recorded, newest first, each with the provider's light at that moment (green when nothing was missing)
 * and what was missing in words; 10 a page.
 */
export function ArrivalsSection({ communityId, providerId }: { communityId: number; providerId: number }) {
  const pageLabels = usePageLabels();
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page.arrivals" });
  const { t: tAll } = useTranslation();
  const [page, setPage] = useState(1);
  const arrivals = useQuery(arrivalsQuery(communityId, providerId, page));
  const data = arrivals.data;
  const pages = data ? Math.max(1, Math.ceil(data.count / (data.pagination.limit || PAGE_SIZE.arrivals))) : 1;

  let content: ReactNode;
  if (arrivals.isPending) content = <Loader size="sm" aria-label={tAll("app.loading")} />;
  else if (arrivals.isError) content = <ErrorAlert>{errorText(arrivals.error)}</ErrorAlert>;
  else if (arrivals.data.data.length === 0)
    content = (
      <Text size="sm" c="dimmed" data-testid="no-arrivals">
        {t("empty")}
      </Text>
    );
  else
    content = (
      <Stack gap="xs" role="list" aria-label={t("title")}>
        {arrivals.data.data.map((arrival) => (
          <ArrivalItem key={arrival.id} arrival={arrival} />
        ))}
      </Stack>
    );

  return (
    <Card withBorder radius="md" padding="lg" data-testid="provider-arrivals">
      <Group gap="xs" mb="sm">
        <IconDoorEnter size={20} aria-hidden />
        <Title order={4}>{t("title")}</Title>
      </Group>
      {content}
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" {...pageLabels} />
        </Group>
      )}
    </Card>
  );
}

import type { CalendarNotice } from "@coordina/domain";
import { Badge, Button, Table, Text } from "@mantine/core";
import { IconBellRinging, IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { showError } from "../../../app/errorDialog";
import { shownDateTime, spanText } from "../../../shared/calendar/calendarDays";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { ListCard } from "../../../ui/ListCard";
import { QueryView } from "../../../ui/LoadState";
import { listColumns } from "../../../ui/listColumns";
import { useAcknowledgeNotice } from "../api/acknowledgeNotice";
import { calendarNoticesQuery } from "../api/fetchCalendarNotices";

type Acknowledge = ReturnType<typeof useAcknowledgeNotice>;

function SentState({ notice }: { notice: CalendarNotice }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-notices" });
  return (
    <Badge color={notice.sent_at ? "blue" : "yellow"} variant="light">
      {t(notice.sent_at ? "sent" : "pending")}
    </Badge>
  );
}

/** 'Enterado' with when and by whom; the button while the caller may still answer it. */
function Acknowledged({ notice, acknowledge }: { notice: CalendarNotice; acknowledge: Acknowledge }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-notices" });
  if (notice.acknowledged_at)
    return (
      <Text size="sm">
        {t("acknowledged", { at: shownDateTime(notice.acknowledged_at), who: notice.acknowledged_by ?? "" })}
      </Text>
    );
  if (!notice.can_acknowledge) return <Text size="sm">{t("not-yet")}</Text>;
  const running = acknowledge.isPending && acknowledge.variables === notice.id;
  return (
    <Button
      size="xs"
      leftSection={<IconCheck size={14} aria-hidden />}
      aria-label={t("acknowledge-label", { provider: notice.from_provider.name })}
      loading={running}
      disabled={acknowledge.isPending && !running}
      onClick={() => acknowledge.mutate(notice.id, { onError: showError })}
    >
      {t("acknowledge")}
    </Button>
  );
}

/**
 * 'Avisos de coincidencias' (issue 22 item 3, the written record of RD 171/2004 art. 4): each notice of the
 * month, who told whom, the overlap, 'Enviado' or 'Pendiente de envío', when it was delivered, and when and by
 * whom it was answered 'Enterado' (or the button, for its receiver). The administrator sees every notice of
 * the community; a provider those it sent or got.
 */
export function NoticesCard({ communityId, year, month }: { communityId: number; year: number; month: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "calendar-notices" });
  const { t: tAll } = useTranslation();
  const notices = useQuery(calendarNoticesQuery(communityId, year, month));
  const acknowledge = useAcknowledgeNotice(communityId);
  const delivered = (notice: CalendarNotice) =>
    notice.delivered_at ? t("delivered", { at: shownDateTime(notice.delivered_at) }) : t("not-yet");
  return (
    <QueryView query={notices} loading={tAll("app.loading")} errorTestId="calendar-notices-error">
      {(rows) => (
        <ListCard
          title={t("title")}
          icon={<IconBellRinging size={20} aria-hidden />}
          columns={listColumns(
            (key) => t(`columns.${key}`),
            [["from"], ["to"], ["overlap"], ["sent"], ["delivered"], ["acknowledged"]],
          )}
          empty={t("empty")}
          rows={rows.map((notice) => (
            <Table.Tr key={notice.id} data-testid="calendar-notice">
              <Table.Td>{notice.from_provider.name}</Table.Td>
              <Table.Td>{notice.to_provider.name}</Table.Td>
              <Table.Td>{spanText(notice.overlap_start, notice.overlap_end)}</Table.Td>
              <Table.Td>
                <SentState notice={notice} />
              </Table.Td>
              <Table.Td>{delivered(notice)}</Table.Td>
              <Table.Td>
                <Acknowledged notice={notice} acknowledge={acknowledge} />
              </Table.Td>
            </Table.Tr>
          ))}
          cards={rows.map((notice) => (
            <ItemCard
              key={notice.id}
              data-testid="calendar-notice"
              actions={<Acknowledged notice={notice} acknowledge={acknowledge} />}
            >
              <ItemTitle>{`${notice.from_provider.name} → ${notice.to_provider.name}`}</ItemTitle>
              <ItemMeta parts={[spanText(notice.overlap_start, notice.overlap_end), delivered(notice)]} />
              <SentState notice={notice} />
            </ItemCard>
          ))}
        />
      )}
    </QueryView>
  );
}

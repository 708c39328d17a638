import { type PorterFincasResponse, readLight, uploadLight } from "@coordina/domain";
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { PorterMissingDuties } from "../../../shared/lights/PorterMissingDuties";
import { communityPortersPath } from "../../../shared/paths";
import { ItemCard, ItemMeta, ItemTitle } from "../../../ui/ItemCard";
import { QueryView } from "../../../ui/LoadState";
import { listColumns } from "../../../ui/listColumns";
import { ResponsiveList } from "../../../ui/ResponsiveList";
import { CountLight } from "../../../ui/TrafficLight";
import { porterFincasQuery } from "../api/fetchPorterFincas";
import { readSummaryState, summaryListPath } from "../summaryLink";

type Finca = PorterFincasResponse["data"][number];

/**
 * The porter's reads and uploads in a community with their lights, whose words name what it lacks there
 * (issue 21); `label` names them (a card).
 */
const readsOf = (porterId: number, finca: Finca, label = "") => (
  <CountLight
    rule={readLight}
    what="read"
    done={finca.readed}
    required={finca.must_read}
    prefix={label}
    missing={(figures) => (
      <PorterMissingDuties source={{ kind: "finca", communityId: finca.finca_id, porterId }} kind="read" {...figures} />
    )}
  />
);
const uploadsOf = (porterId: number, finca: Finca, label = "") => (
  <CountLight
    rule={uploadLight}
    what="uploaded"
    done={finca.uploaded}
    required={finca.must_upload}
    prefix={label}
    missing={(figures) => (
      <PorterMissingDuties
        source={{ kind: "finca", communityId: finca.finca_id, porterId }}
        kind="upload"
        {...figures}
      />
    )}
  />
);

/**
 * A porter's communities among the administrator's (the summary's 'show its communities', spec 02 §2
 * 'Doormen summary table'): CIF, name (opens the community's porters) and the porter's read and upload
 * figures there, with 'Volver' to the summary at the page it came from. On a phone each community is a card.
 */
export function PorterFincasList({ porterId }: { porterId: number }) {
  const { t } = useTranslation(undefined, { keyPrefix: "porter-summary.detail" });
  const { t: tAll } = useTranslation();
  const location = useLocation();
  const linked = readSummaryState(location.state);
  const fincas = useQuery(porterFincasQuery(porterId));
  const name = fincas.data?.portero.name ?? linked?.name ?? "…";
  const columns = listColumns((key) => t(`columns.${key}`), [["cif"], ["name"], ["read"], ["upload"]]);
  const nameLink = (finca: Finca) => (
    <Anchor component={Link} to={communityPortersPath(finca.finca_id)} size="sm" fw={600}>
      {finca.finca_name}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2" style={{ wordBreak: "break-word" }}>
          {t("title", { name })}
        </Title>
        <Button
          component={Link}
          to={summaryListPath(linked?.page ?? 1)}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t("back")}
        </Button>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <QueryView
          query={fincas}
          loading={tAll("app.loading")}
          errorTestId="porter-fincas-error"
          isEmpty={(answer) => answer.data.length === 0}
          empty={
            <Text c="dimmed" ta="center" py="md">
              {t("empty")}
            </Text>
          }
        >
          {(answer) => (
            <Stack gap="xs">
              {answer.portero.email !== answer.portero.name && (
                <Text size="sm" c="dimmed" style={{ wordBreak: "break-word" }}>
                  {answer.portero.email}
                </Text>
              )}
              <ResponsiveList
                label={t("title", { name })}
                testId="porter-fincas-cards"
                table={
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        {columns.map((column) => (
                          <Table.Th key={column.label}>{column.label}</Table.Th>
                        ))}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {answer.data.map((finca) => (
                        <Table.Tr key={finca.finca_id} data-community-id={finca.finca_id}>
                          <Table.Td>{finca.finca_cif}</Table.Td>
                          <Table.Td>{nameLink(finca)}</Table.Td>
                          <Table.Td data-column="read">{readsOf(porterId, finca)}</Table.Td>
                          <Table.Td data-column="upload">{uploadsOf(porterId, finca)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                }
                cards={answer.data.map((finca) => (
                  <ItemCard key={finca.finca_id} data-community-id={finca.finca_id} actions={null}>
                    <ItemTitle>{nameLink(finca)}</ItemTitle>
                    <ItemMeta parts={[`${t("columns.cif")}: ${finca.finca_cif}`]} />
                    <Group gap="md">
                      <span data-column="read">{readsOf(porterId, finca, `${t("columns.read")} `)}</span>
                      <span data-column="upload">{uploadsOf(porterId, finca, `${t("columns.upload")} `)}</span>
                    </Group>
                  </ItemCard>
                ))}
              />
            </Stack>
          )}
        </QueryView>
      </Card>
    </Stack>
  );
}

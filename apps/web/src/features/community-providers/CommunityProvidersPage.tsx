import {
  type CommunityProviderRow,
  type CommunityProviderSortKey,
  type CommunityView,
  PAGE_SIZE,
  readLight,
  uploadLight,
} from "@coordina/domain";
import { Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { IconEye, IconPlus, IconTruck } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useOutletContext } from "react-router";
import { showErrorMessage } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { queryKeys } from "../../app/queryKeys";
import { useDevelopmentMode } from "../../app/useDevelopmentMode";
import { ImportButton } from "../../shared/imports/ImportButton";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { TrafficLight } from "../../ui/TrafficLight";
import { usePagedList } from "../../ui/usePagedList";
import { fetchCommunityProviders } from "./api/fetchCommunityProviders";
import { useRemoveCommunityProvider } from "./api/removeCommunityProvider";
import { ProviderPickerModal } from "./components/ProviderPickerModal";
import texts from "./es.json";
import { type ProviderLinkState, providerPath } from "./providerLink";

addTexts(texts);

const stop = (event: MouseEvent) => event.stopPropagation();

/**
 * The providers of a community (spec 02 §2 'Providers of a community'): search, sorting and paging on the
 * server (the server sets the page size), upload and read lights, view and, for the community's
 * administrator, remove, the import by CIF (type 20) and 'Añadir Proveedor'.
 */
export default function CommunityProvidersPage() {
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page" });
  const { t: tAll } = useTranslation();
  const community = useOutletContext<CommunityView>();
  const navigate = useNavigate();
  const development = useDevelopmentMode();
  const [picking, setPicking] = useState(false);
  const remove = useRemoveCommunityProvider(community.id);

  const list = usePagedList<CommunityProviderRow, CommunityProviderSortKey>(
    queryKeys.communityProviders,
    { idFinca: community.id },
    // The page size is the server's: the request leaves `limit` out and the answer names it.
    ({ page, filter, sortBy, sortDesc }) =>
      fetchCommunityProviders({ idFinca: community.id, page, filter, sortBy, sortDesc }),
    t("empty"),
    { limit: PAGE_SIZE.communityProviders, sort: null },
  );
  const actions = useRowActions((row: CommunityProviderRow) => row.id, {
    remove: {
      label: (row) => t("remove", { name: row.name }),
      ...TRASH,
      run: (row) => remove.mutateAsync(row.id),
      done: (row) => t("removed", { name: row.name }),
      // The spec's message (02 §8) in the error dialog, whatever the reason.
      failed: () => showErrorMessage(tAll("companies-providers.error-remove")),
      ask: {
        title: t("confirm-remove.title"),
        text: (row) => tAll("companies-providers.confirm-erase", { name: row.name }),
        cancelLabel: t("confirm-remove.back"),
        confirmLabel: t("confirm-remove.confirm"),
      },
    },
  });

  const open = (row: CommunityProviderRow) => {
    const state: ProviderLinkState = { name: row.name, active: row.active };
    navigate(providerPath(community.id, row.id_provider), { state });
  };

  const columns = listColumns<CommunityProviderSortKey>(
    (key) => t(`columns.${key}`),
    [
      ...(development ? [["id"] as const] : []),
      ["name", "name"],
      ["uploaded", "uploaded"],
      ["read", "read"],
      ["actions"],
    ],
  );

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-provider-id={row.id_provider}>
      {development && <Table.Td>{row.id_provider}</Table.Td>}
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          {!row.active && (
            <Badge color="red" variant="light" size="sm">
              {t("deactivated")}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {row.cif}
        </Text>
      </Table.Td>
      <Table.Td>
        <TrafficLight light={uploadLight(row.uploaded_count, row.upload_must)}>
          {row.uploaded_count}/{row.upload_must}
        </TrafficLight>
      </Table.Td>
      <Table.Td>
        <TrafficLight light={readLight(row.readed_count, row.readed_must)}>
          {row.readed_count}/{row.readed_must}
        </TrafficLight>
      </Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap">
          <IconAction label={t("view", { name: row.name })} icon={<IconEye size={18} />} onClick={() => open(row)} />
          {community.editable && <IconAction {...actions.button("remove", row)} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="community-providers-notice" />
      <ListCard
        title={t("title")}
        icon={<IconTruck size={20} />}
        columns={columns}
        rows={rows}
        {...list.listProps}
        actions={
          community.editable && (
            <>
              <ImportButton kind="community-providers" idFinca={community.id} editable={community.editable} />
              <Button leftSection={<IconPlus size={16} />} onClick={() => setPicking(true)}>
                {t("add")}
              </Button>
            </>
          )
        }
      />
      {community.editable && (
        <ProviderPickerModal
          opened={picking}
          communityId={community.id}
          onClose={() => setPicking(false)}
          onAdded={() => actions.setNotice(null)}
        />
      )}
    </Stack>
  );
}

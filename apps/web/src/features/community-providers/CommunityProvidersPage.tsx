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
import { MissingDuties } from "../../shared/lights/MissingDuties";
import { ItemCard, ItemLights, ItemMeta } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { listColumns } from "../../ui/listColumns";
import { MoreActions } from "../../ui/MoreActions";
import { IconAction, RowActionHost, TRASH, useRowActions } from "../../ui/RowActions";
import { CountLight } from "../../ui/TrafficLight";
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

  // The pieces of a provider's row, in the table and on its card alike.
  const nameLine = (row: CommunityProviderRow) => (
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
  );
  const uploadedLight = (row: CommunityProviderRow) => (
    <CountLight
      rule={uploadLight}
      what="uploaded"
      done={row.uploaded_count}
      required={row.upload_must}
      missing={(figures) => (
        <MissingDuties communityId={community.id} providerId={row.id_provider} kind="upload" {...figures} />
      )}
    />
  );
  const readedLight = (row: CommunityProviderRow) => (
    <CountLight
      rule={readLight}
      what="read"
      done={row.readed_count}
      required={row.readed_must}
      missing={(figures) => (
        <MissingDuties communityId={community.id} providerId={row.id_provider} kind="read" {...figures} />
      )}
    />
  );
  const viewButton = (row: CommunityProviderRow) => (
    <IconAction label={t("view", { name: row.name })} icon={<IconEye size={18} />} onClick={() => open(row)} />
  );

  const rows = list.rows.map((row) => (
    <Table.Tr key={row.id} onClick={() => open(row)} style={{ cursor: "pointer" }} data-provider-id={row.id_provider}>
      {development && <Table.Td>{row.id_provider}</Table.Td>}
      <Table.Td>
        {nameLine(row)}
        <Text size="xs" c="dimmed">
          {row.cif}
        </Text>
      </Table.Td>
      <Table.Td>{uploadedLight(row)}</Table.Td>
      <Table.Td>{readedLight(row)}</Table.Td>
      <Table.Td onClick={stop}>
        <Group gap={4} wrap="nowrap">
          {viewButton(row)}
          {community.editable && <IconAction {...actions.button("remove", row)} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  ));
  // On a phone each provider is a card: name (and whether it is deactivated), CIF, both lights, view, and
  // remove in its menu.
  const cards = list.rows.map((row) => (
    <ItemCard
      key={row.id}
      data-provider-id={row.id_provider}
      actions={
        <Group gap={4} wrap="nowrap">
          {viewButton(row)}
          {community.editable && <MoreActions name={row.name} items={[actions.button("remove", row)]} />}
        </Group>
      }
    >
      {nameLine(row)}
      <ItemMeta parts={[row.cif]} />
      <ItemLights
        lights={[
          { label: t("columns.uploaded"), element: uploadedLight(row) },
          { label: t("columns.read"), element: readedLight(row) },
        ]}
      />
    </ItemCard>
  ));

  return (
    <Stack gap="md">
      <RowActionHost actions={actions} testId="community-providers-notice" />
      <ListCard
        title={t("title")}
        icon={<IconTruck size={20} />}
        columns={columns}
        rows={rows}
        cards={cards}
        cardsTestId="community-providers-cards"
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

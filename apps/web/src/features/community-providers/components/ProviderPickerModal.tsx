import { type CommunityProviderAdded, PAGE_SIZE, type ProviderActivityRow, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Modal, Stack, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconId } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { addCommunityProvider } from "../api/addCommunityProvider";
import { addCommunityProviderByCif } from "../api/addCommunityProviderByCif";
import { PROVIDER_PICKER_KEY } from "../api/fetchProviderPicker";
import { ProviderPickerTable } from "./ProviderPickerTable";

interface Outcome {
  color: "green" | "red";
  text: string;
}

interface ProviderPickerModalProps {
  opened: boolean;
  communityId: number;
  onClose: () => void;
  /** a provider joined the community: the page reloads its list and the community's figures */
  onAdded: (provider: CommunityProviderAdded) => void;
}

/**
 * 'Añadir Proveedor' (spec 02 §2 'Provider picker', §8 'Add provider'): the colegio's providers, 8 per page,
 * with an add button per row, and a form that adds one by its CIF. The modal stays open so that several
 * can be added; each attempt says how it went inside it. Every failure is shown (the spec only logs the
 * ones other than previous-exists, but then the user would see nothing happen).
 */
export function ProviderPickerModal({ opened, communityId, onClose, onAdded }: ProviderPickerModalProps) {
  const { t } = useTranslation();
  const k = (key: string, values?: Record<string, unknown>) => t(`community-providers-page.picker.${key}`, values);
  const queryClient = useQueryClient();
  const [cif, setCif] = useState("");
  const [cifError, setCifError] = useState<string | null>(null);
  /** the provider being added from the table, or 0 while adding by CIF */
  const [adding, setAdding] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function add(id: number, call: () => Promise<CommunityProviderAdded>): Promise<boolean> {
    setAdding(id);
    setOutcome(null);
    try {
      const added = await call();
      setOutcome({
        color: "green",
        text: k("added", { message: t("companies-providers.provider-added-finca"), name: added.name }),
      });
      onAdded(added);
      return true;
    } catch (error) {
      setOutcome({ color: "red", text: errorText(error) });
      return false;
    } finally {
      setAdding(null);
      // 'Ya añadido' follows what the server now says, after a success or a previous-exists alike.
      void queryClient.invalidateQueries({ queryKey: [PROVIDER_PICKER_KEY] });
    }
  }

  const addRow = (row: ProviderActivityRow) =>
    void add(row.provider_id, () => addCommunityProvider({ id_provider: row.provider_id, id_company: communityId }));

  async function addByCif(event: FormEvent) {
    event.preventDefault();
    if (adding !== null) return;
    const value = cif.trim();
    if (value === "") {
      setCifError(t(ValidationKey.cifInvalid));
      return;
    }
    setCifError(null);
    if (await add(0, () => addCommunityProviderByCif({ cif: value, id_company: communityId }))) setCif("");
  }

  function close() {
    if (adding !== null) return;
    setCif("");
    setCifError(null);
    setOutcome(null);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={k("title")} size="xl" closeOnClickOutside={adding === null}>
      <Stack gap="md">
        {outcome && (
          <Alert
            color={outcome.color}
            icon={outcome.color === "green" ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
            withCloseButton
            onClose={() => setOutcome(null)}
            data-testid="provider-picker-outcome"
            role={outcome.color === "red" ? "alert" : "status"}
          >
            {outcome.text}
          </Alert>
        )}
        <Card withBorder radius="md" padding="lg">
          <Title order={5} mb="sm">
            {k("by-cif")}
          </Title>
          <form onSubmit={addByCif} noValidate>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label={k("cif")}
                value={cif}
                onChange={(e) => {
                  setCif(e.currentTarget.value);
                  setCifError(null);
                }}
                error={cifError}
                maxLength={20}
                leftSection={<IconId size={16} />}
                style={{ flex: "1 1 220px" }}
              />
              <Button type="submit" mt={25} loading={adding === 0} disabled={adding !== null && adding !== 0}>
                {k("cif-add")}
              </Button>
            </Group>
          </form>
        </Card>
        <ProviderPickerTable
          communityId={communityId}
          limit={PAGE_SIZE.providerPickerAppend}
          onAdd={addRow}
          adding={adding}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={adding !== null}>
            {k("close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

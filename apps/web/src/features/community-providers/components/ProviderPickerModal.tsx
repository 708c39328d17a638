import { type CommunityProviderAdded, PAGE_SIZE, type ProviderActivityRow, ValidationKey } from "@coordina/domain";
import { Alert, Button, Card, Group, Modal, Stack, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconId } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { useAddCommunityProvider } from "../api/addCommunityProvider";
import { ProviderPickerTable } from "./ProviderPickerTable";

interface Outcome {
  color: "green" | "red";
  text: string;
}

interface ProviderPickerModalProps {
  opened: boolean;
  communityId: number;
  onClose: () => void;
  /** a provider joined the community (its list and figures reload by themselves) */
  onAdded: (provider: CommunityProviderAdded) => void;
}

/**
 * 'Añadir Proveedor' (spec 02 §2 'Provider picker', §8 'Add provider'): the colegio's providers, 8 per page,
 * with an add button per row, and a form that adds one by its CIF. The modal stays open so that several
 * can be added; each attempt says how it went inside it. Every failure is shown (the spec only logs the
 * ones other than previous-exists, but then the user would see nothing happen).
 */
export function ProviderPickerModal({ opened, communityId, onClose, onAdded }: ProviderPickerModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "community-providers-page.picker" });
  const { t: tAll } = useTranslation();
  const add = useAddCommunityProvider(communityId);
  const [cif, setCif] = useState("");
  const [cifError, setCifError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  /** the provider being added from the table, or 0 while adding by CIF */
  const adding = !add.isPending ? null : "cif" in add.variables ? 0 : add.variables.id_provider;

  function addProvider(request: Parameters<typeof add.mutate>[0], onDone?: () => void) {
    setOutcome(null);
    add.mutate(request, {
      onSuccess: (added) => {
        setOutcome({
          color: "green",
          text: t("added", { message: tAll("companies-providers.provider-added-finca"), name: added.name }),
        });
        onAdded(added);
        onDone?.();
      },
      onError: (error) => setOutcome({ color: "red", text: errorText(error) }),
    });
  }

  const addRow = (row: ProviderActivityRow) => addProvider({ id_provider: row.provider_id });

  function addByCif(event: FormEvent) {
    event.preventDefault();
    if (adding !== null) return;
    const value = cif.trim();
    if (value === "") {
      setCifError(tAll(ValidationKey.cifInvalid));
      return;
    }
    setCifError(null);
    addProvider({ cif: value }, () => setCif(""));
  }

  function close() {
    if (adding !== null) return;
    setCif("");
    setCifError(null);
    setOutcome(null);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={t("title")} size="xl" closeOnClickOutside={adding === null}>
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
            {t("by-cif")}
          </Title>
          <form onSubmit={addByCif} noValidate>
            <Group align="flex-start" wrap="wrap">
              <TextInput
                label={t("cif")}
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
                {t("cif-add")}
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
            {t("close")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

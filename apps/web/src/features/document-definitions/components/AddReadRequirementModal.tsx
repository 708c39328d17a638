import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../../app/errorDialog";
import { queryKeys } from "../../../app/queryKeys";
import { FormModal } from "../../../ui/FormModal";
import { fetchDefinitions } from "../api/fetchDefinitions";
import { useSetReadRequirement } from "../api/setReadRequirement";
import { readCandidates } from "../readRequirements";

interface AddReadRequirementModalProps {
  opened: boolean;
  onClose: () => void;
  /** the definition (its name) now requires reading */
  onAdded: (name: string) => void;
}

/**
 * 'Añadir' a read requirement: one of the colegio's definitions whose destination need not read it yet,
 * chosen by name (typing filters them), becomes read-required (document-read-requirements/add).
 */
export function AddReadRequirementModal({ opened, onClose, onAdded }: AddReadRequirementModalProps) {
  const { t } = useTranslation(undefined, { keyPrefix: "document-definitions.read-requirements" });
  const { t: tAll } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useSetReadRequirement();
  // The definitions page holds at most 100: the candidates are the first 100 by name.
  const definitions = useQuery({
    queryKey: [queryKeys.definitions, "read-candidates"],
    queryFn: () => fetchDefinitions({ group: "ALL", currentPage: 1, perPage: 100 }),
    enabled: opened,
  });
  const options = readCandidates(definitions.data?.data ?? []);
  const reset = () => {
    setChosen(null);
    setFailure(null);
  };

  return (
    <FormModal opened={opened} busy={change.isPending} reset={reset} onClose={onClose} title={t("add-title")} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(chosen);
          const name = options.find((o) => o.value === chosen)?.label ?? "";
          if (!chosen) return;
          setFailure(null);
          change.mutate(
            { id, required: true },
            {
              onSuccess: () => {
                reset();
                onAdded(name);
              },
              onError: (error) => setFailure(errorText(error)),
            },
          );
        }}
      >
        <Stack>
          <Text size="sm">{t("add-hint")}</Text>
          <Select
            label={t("definition")}
            placeholder={definitions.isLoading ? tAll("app.loading") : t("definition-placeholder")}
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage={t("no-candidates")}
            data-testid="read-requirement-definition"
            comboboxProps={{ withinPortal: true }}
          />
          {failure && (
            <Text c="red" size="sm" role="alert">
              {failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={change.isPending}>
              {t("cancel")}
            </Button>
            <Button type="submit" loading={change.isPending} disabled={!chosen}>
              {t("add")}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
}

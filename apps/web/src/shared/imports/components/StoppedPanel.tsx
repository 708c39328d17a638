import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useFocusOnShow } from "./useFocusOnShow";

/**
 * An import that cannot go on (the file refused as a whole, or a run that can no longer be followed): why,
 * in red and focused for a screen reader, with 'Cerrar' and 'Reintentar' (back to the file chooser).
 */
export function StoppedPanel({
  message,
  onRetry,
  onClose,
  testId,
}: {
  message: string;
  onRetry: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: "importer" });
  const alert = useFocusOnShow();
  return (
    <Stack gap="sm" data-testid={testId}>
      <Alert ref={alert} tabIndex={-1} data-autofocus color="red" icon={<IconAlertCircle size={20} />} role="alert">
        <Text size="sm" c="red.9">
          {message}
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("close")}
        </Button>
        <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t("retry")}
        </Button>
      </Group>
    </Stack>
  );
}

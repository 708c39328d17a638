import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export default function ErrorDialog({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t("error.title")} centered>
      <Text data-testid="error-dialog-text">{text}</Text>
      <Group justify="flex-end" mt="md">
        <Button color="red" onClick={onClose}>
          {t("app.accept")}
        </Button>
      </Group>
    </Modal>
  );
}

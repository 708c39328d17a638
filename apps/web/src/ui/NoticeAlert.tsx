import { Alert, Stack, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The closable notice a list page shows above its card after an action (saved, deleted, sent…). */
export function NoticeAlert({
  children,
  color = "green",
  onClose,
  testId,
}: {
  children: ReactNode;
  color?: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color={color}
      icon={<IconCircleCheck size={18} />}
      withCloseButton
      closeButtonLabel={t("app.close-notice")}
      onClose={onClose}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

/** A notice of several lines (saved, and the user told by e-mail…). */
export function NoticeLines({ lines }: { lines: string[] }) {
  return (
    <Stack gap={2}>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

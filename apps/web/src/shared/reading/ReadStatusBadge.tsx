import { Badge } from "@mantine/core";
import { IconCircleCheck, IconEyeOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../../app/i18n";
import texts from "./es.json";

addTexts(texts);

/** A document's read mark (spec 02 §2): 'Leído' in green, 'No leído' in amber. */
export function ReadStatusBadge({ read }: { read: boolean }) {
  const { t } = useTranslation(undefined, { keyPrefix: "read-status" });
  return (
    <Badge
      color={read ? "green" : "orange"}
      variant="light"
      size="sm"
      leftSection={read ? <IconCircleCheck size={12} aria-hidden /> : <IconEyeOff size={12} aria-hidden />}
      data-testid="read-status"
      data-read={read}
    >
      {t(read ? "read" : "unread")}
    </Badge>
  );
}

import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

/** The green check a touched, valid field shows at its right. */
export function ValidMark() {
  const { t } = useTranslation();
  return (
    <IconCheck size={16} color="var(--mantine-color-green-7)" role="img" aria-label={t("communities-page.valid")} />
  );
}

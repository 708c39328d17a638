import type { CommunityView } from "@coordina/domain";
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { IconAction } from "../../../ui/RowActions";

function Field({ label, children, name }: { label: string; children: ReactNode; name: string }) {
  return (
    <div data-field={name}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The panel's 'Información' card (spec 02 §2 'Community panel'): contact e-mail, contact person, phone,
 * address, postcode and city/province; the pencil only for whoever may edit the community.
 */
export function CommunityInfoCard({ community, onEdit }: { community: CommunityView; onEdit: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: "panel.info" });
  const place = [community.city, community.country].filter(Boolean).join(" / ");
  return (
    <Card withBorder radius="md" padding="md" data-testid="community-info">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4}>{t("title")}</Title>
        {community.editable && <IconAction label={t("edit")} icon={<IconPencil size={18} />} onClick={onEdit} />}
      </Group>
      <Stack gap="xs">
        <Field name="email" label={t("email")}>
          {community.email || "—"}
        </Field>
        <Field name="person" label={t("person")}>
          {community.person || "—"}
        </Field>
        <Field name="tfn" label={t("tfn")}>
          {community.tfn || "—"}
        </Field>
        <Field name="address" label={t("address")}>
          {community.address || "—"}
        </Field>
        <Field name="postcode" label={t("postcode")}>
          {community.postcode || "—"}
        </Field>
        <Field name="city" label={t("city")}>
          {place || "—"}
        </Field>
      </Stack>
    </Card>
  );
}

import type { CommunityView } from "@coordina/domain";
import { ActionIcon, Card, Group, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

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
  const { t } = useTranslation();
  const k = (key: string) => t(`panel.info.${key}`);
  const place = [community.city, community.country].filter(Boolean).join(" / ");
  return (
    <Card withBorder radius="md" padding="md" data-testid="community-info">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={4}>{k("title")}</Title>
        {community.editable && (
          <Tooltip label={k("edit")}>
            <ActionIcon variant="subtle" aria-label={k("edit")} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Stack gap="xs">
        <Field name="email" label={k("email")}>
          {community.email || "—"}
        </Field>
        <Field name="person" label={k("person")}>
          {community.person || "—"}
        </Field>
        <Field name="tfn" label={k("tfn")}>
          {community.tfn || "—"}
        </Field>
        <Field name="address" label={k("address")}>
          {community.address || "—"}
        </Field>
        <Field name="postcode" label={k("postcode")}>
          {community.postcode || "—"}
        </Field>
        <Field name="city" label={k("city")}>
          {place || "—"}
        </Field>
      </Stack>
    </Card>
  );
}

import type { OutboxMessage, OutboxRow } from "@coordina/domain";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconInbox, IconInfoCircle, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../app/api";
import { fetchAppConfig } from "../../app/appConfig";
import { formatDateTime } from "../../app/dates";
import { showError } from "../../app/errorDialog";
import { addTexts } from "../../app/i18n";
import { ItemCard, ItemMeta } from "../../ui/ItemCard";
import { ListCard } from "../../ui/ListCard";
import { fetchMailMessage } from "./api/fetchMailMessage";
import { fetchMailMessages } from "./api/fetchMailMessages";
import texts from "./es.json";

addTexts(texts);

const STATUS_COLOR: Record<string, string> = { pending: "yellow", sending: "blue", sent: "green", failed: "red" };
const LINK = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/** Plain text with every http(s) address turned into a link (invitation and recovery links). */
function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    // A full stop or bracket after an address belongs to the sentence, not to the link.
    const href = match[0].replace(TRAILING, "");
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <Anchor key={start} href={href} inherit>
        {href}
      </Anchor>,
    );
    last = start + href.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

type Viewer = "loading" | "on" | "off";

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status] ?? "gray"} variant="light">
      {t(`dev-mail.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function MessageView({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="mail-message">
      <Group justify="space-between" mb="sm" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={4}>{message.subject}</Title>
          <Text size="sm" c="dimmed">
            {t("dev-mail.columns.to")}: {message.to} · {formatDateTime(message.created)}
          </Text>
        </Stack>
        <Button variant="default" size="xs" onClick={onClose}>
          {t("dev-mail.close")}
        </Button>
      </Group>
      <Title order={5} mt="sm" mb={4}>
        {t("dev-mail.text-title")}
      </Title>
      <Box
        component="pre"
        p="sm"
        bg="gray.0"
        style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontSize: 13, borderRadius: 6, margin: 0 }}
        data-testid="mail-text"
      >
        {linkify(message.text)}
      </Box>
      {message.html && (
        <>
          <Title order={5} mt="md" mb={4}>
            {t("dev-mail.html-title")}
          </Title>
          <iframe
            title={t("dev-mail.html-title")}
            sandbox=""
            srcDoc={message.html}
            style={{ width: "100%", height: 480, border: "1px solid var(--mantine-color-gray-3)", borderRadius: 6 }}
          />
        </>
      )}
    </Card>
  );
}

/**
 * The development mail viewer (public /dev/mail): without SMTP the mails Coordina sends stay in the
 * outbox, and this page shows them so their links can be followed in a demonstration.
 */
export default function DevMailPage() {
  const { t } = useTranslation();
  const [viewer, setViewer] = useState<Viewer>("loading");
  const [smtp, setSmtp] = useState(false);
  const [rows, setRows] = useState<OutboxRow[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<OutboxMessage | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await fetchMailMessages());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setViewer("off");
      else showError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    let live = true;
    fetchAppConfig()
      .then((config) => {
        if (!live) return;
        setSmtp(config.smtp);
        setViewer(config.mailViewer ? "on" : "off");
        if (config.mailViewer) void load();
      })
      .catch(() => {
        if (live) setViewer("off");
      });
    return () => {
      live = false;
    };
  }, [load]);

  async function show(id: number) {
    try {
      setOpen(await fetchMailMessage(id));
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Container component="main" size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <Group gap="xs">
            <IconInbox size={28} />
            <Title order={1} size="h2">
              {t("dev-mail.title")}
            </Title>
          </Group>
          <Anchor component={Link} to="/login" size="sm">
            {t("nav.back-to-login")}
          </Anchor>
        </Group>
        {viewer === "loading" && <Loader aria-label={t("app.loading")} />}
        {viewer === "off" && (
          <Alert color="gray" icon={<IconInfoCircle size={18} />} data-testid="mail-viewer-off">
            {t("dev-mail.off")}
          </Alert>
        )}
        {viewer === "on" && (
          <>
            <Alert color="blue" icon={<IconInfoCircle size={18} />}>
              {smtp ? t("dev-mail.intro-smtp") : t("dev-mail.intro")}
            </Alert>
            <ListCard
              title={t("dev-mail.list-title")}
              columns={[
                t("dev-mail.columns.to"),
                t("dev-mail.columns.subject"),
                t("dev-mail.columns.status"),
                t("dev-mail.columns.date"),
              ]}
              empty={rows === null ? t("app.loading") : t("dev-mail.empty")}
              actions={
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  loading={loading}
                  onClick={() => void load()}
                >
                  {t("dev-mail.refresh")}
                </Button>
              }
              rows={rows?.map((row) => (
                <Table.Tr
                  key={row.id}
                  style={{ cursor: "pointer" }}
                  bg={open?.id === row.id ? "blue.0" : undefined}
                  onClick={() => void show(row.id)}
                >
                  <Table.Td>{row.to}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={(e) => {
                        e.stopPropagation();
                        void show(row.id);
                      }}
                    >
                      {row.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.created)}</Table.Td>
                </Table.Tr>
              ))}
              // On a phone each mail is a card: its subject (which opens it), to whom and when, its status.
              cards={(rows ?? []).map((row) => (
                <ItemCard key={row.id} data-mail-id={row.id} actions={<StatusBadge status={row.status} />}>
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    size="sm"
                    ta="left"
                    style={{ wordBreak: "break-word" }}
                    aria-label={t("dev-mail.open-for", { subject: row.subject, to: row.to })}
                    onClick={() => void show(row.id)}
                  >
                    {row.subject}
                  </Anchor>
                  <ItemMeta parts={[row.to, formatDateTime(row.created)]} />
                </ItemCard>
              ))}
              cardsTestId="mail-cards"
            />
            {open && <MessageView message={open} onClose={() => setOpen(null)} />}
          </>
        )}
      </Stack>
    </Container>
  );
}

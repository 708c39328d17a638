import { APP_VERSION, type Colegio } from "@coordina/domain";
import {
  AppShell,
  Badge,
  Box,
  Burger,
  Button,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Select,
  Stack,
  Text,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout } from "@tabler/icons-react";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, NavLink as RouterNavLink, useLocation } from "react-router";
import { fetchCurrentSession } from "../features/auth/api/login";
import { Logo } from "../ui/Logo";
import "./dates";
import { ErrorBoundary } from "./ErrorBoundary";
import { endSession } from "./endSession";
import { currentEntry, menuFor } from "./menu";
import { queryClient } from "./queryClient";
import { queryKeys } from "./queryKeys";
import { featuresOf, session, useSession } from "./session";
import { useDevelopmentMode } from "./useDevelopmentMode";

/**
 * The colegio the user works in, and for users of several colegios the picker that switches it (spec 01 §3).
 * In the header from the `sm` width up; on a phone in the side menu (the burger), where `where="menu"`
 * draws it full width, so it is reachable at every width (issue 21). `onSwitched`: after a switch (the phone's
 * full-screen menu closes on it).
 */
function ColegioPicker({
  colegios,
  current,
  where,
  onSwitched,
}: {
  colegios: Colegio[];
  current: Colegio;
  where: "header" | "menu";
  onSwitched?: () => void;
}) {
  const { t } = useTranslation();
  if (colegios.length === 0) return null;
  const menu = where === "menu";
  if (colegios.length === 1) {
    return menu ? (
      <Stack gap={0}>
        <Text size="xs" c="dimmed">
          {t("app.colegio")}
        </Text>
        <Text size="sm" fw={500} data-testid="current-colegio-menu">
          {current.name}
        </Text>
      </Stack>
    ) : (
      <Text size="sm" fw={500} data-testid="current-colegio">
        {current.name}
      </Text>
    );
  }
  return (
    <Select
      aria-label={t("app.colegio")}
      label={menu ? t("app.colegio") : undefined}
      placeholder={t("app.choose-colegio")}
      data={colegios.map((c) => ({ value: String(c.id), label: c.name }))}
      value={current.id > 0 ? String(current.id) : null}
      onChange={(value) => {
        const chosen = colegios.find((c) => String(c.id) === value);
        if (!chosen) return;
        session.setColegio(chosen);
        // Everything read so far belongs to the previous colegio: read it again for this one (the session's
        // own query stays, it does not depend on the colegio).
        void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
        onSwitched?.();
      }}
      w={menu ? "100%" : 280}
      size="xs"
      allowDeselect={false}
      data-testid={menu ? "colegio-picker-menu" : "colegio-picker"}
    />
  );
}

/** The logged-in part of the app: its own query cache (kept out of the login page's first load). */
export default function AuthenticatedApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout />
    </QueryClientProvider>
  );
}

/** The browser tab names a screen as its menu entry and its title do ('Comunidades · Coordina'; issue 21). */
function useTabName(name: string | undefined) {
  const app = useTranslation().t("app.name");
  useEffect(() => {
    document.title = name ? `${name} · ${app}` : app;
  }, [name, app]);
  // Leaving the shell (logging out) leaves the plain name.
  useEffect(
    () => () => {
      document.title = app;
    },
    [app],
  );
}

/** The app shell: header with colegio and user, side menu by role and flags, version. */
function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const current = useSession();
  const [opened, { toggle, close }] = useDisclosure();

  // Keeps user, colegios and flags fresh; an expired session answers 401 and ends here.
  const refreshed = useQuery({ queryKey: queryKeys.session, queryFn: fetchCurrentSession, staleTime: 300_000 });
  useEffect(() => {
    if (refreshed.data) session.refresh(refreshed.data);
  }, [refreshed.data]);

  const development = useDevelopmentMode();
  const items = current ? menuFor(current.user.user_role, featuresOf(current), development) : [];
  const entry = currentEntry(items, location.pathname);
  useTabName(entry && t(`menu.${entry.label}`));

  if (!current) return null;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t("app.menu")}
              aria-expanded={opened}
            />
            <Logo size={32} />
            <Text fw={700} size="lg">
              {t("app.name")}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Box visibleFrom="sm">
              <ColegioPicker colegios={current.colegios} current={current.colegio} where="header" />
            </Box>
            <Stack gap={0} visibleFrom="sm" align="flex-end">
              <Text size="sm" data-testid="current-user">
                {current.user.email}
              </Text>
              <Badge size="xs" variant="light">
                {t(`roles.${current.user.user_role}`)}
              </Badge>
            </Stack>
            <Button variant="subtle" leftSection={<IconLogout size={16} />} onClick={endSession}>
              {t("app.logout")}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t("app.menu")}>
        {current.colegios.length > 0 && (
          <AppShell.Section
            hiddenFrom="sm"
            pb="sm"
            mb="sm"
            style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}
          >
            <ColegioPicker colegios={current.colegios} current={current.colegio} where="menu" onSwitched={close} />
          </AppShell.Section>
        )}
        <AppShell.Section grow component={ScrollArea}>
          {items.map((item) => (
            <NavLink
              key={`${item.to}-${item.label}`}
              component={RouterNavLink}
              to={item.to}
              label={t(`menu.${item.label}`)}
              active={item.within !== undefined && location.pathname.startsWith(item.within) ? true : undefined}
              onClick={close}
            />
          ))}
        </AppShell.Section>
        <AppShell.Section>
          <Text size="xs" c="dimmed" ta="center" data-testid="app-version">
            {t("app.version", { version: APP_VERSION })}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <ErrorBoundary>
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

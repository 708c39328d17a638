import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconHome, IconRefresh } from "@tabler/icons-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useInRouterContext, useLocation } from "react-router";

/**
 * What a render error shows instead of a blank page: the reason in Spanish, the way home and a retry. It takes
 * the page's place, so its title is the level-one heading; without the app shell around it (a public page, the
 * shell itself) it is also the main landmark.
 */
function RenderFailure({ inRouter, landmark, onRetry }: { inRouter: boolean; landmark: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const icon = <IconHome size={16} />;
  const label = t("app.render-error.home");
  const failure = (
    <Stack gap="md" p="md" role="alert" data-testid="render-error">
      <Title order={1} size="h2">
        {t("app.render-error.title")}
      </Title>
      <Alert color="red" icon={<IconAlertTriangle size={18} />}>
        <Text size="sm">{t("app.render-error.text")}</Text>
      </Alert>
      <Group>
        {inRouter ? (
          <Button component={Link} to="/" leftSection={icon}>
            {label}
          </Button>
        ) : (
          <Button component="a" href="#/" leftSection={icon}>
            {label}
          </Button>
        )}
        <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          {t("app.render-error.retry")}
        </Button>
      </Group>
    </Stack>
  );
  return landmark ? <main>{failure}</main> : failure;
}

interface BoundaryProps {
  /** the navigation shown: another one starts without the error */
  page: string;
  inRouter: boolean;
  /** no app shell around it: the message is the main landmark */
  landmark: boolean;
  children: ReactNode;
}

/**
 * A page's code that could not be downloaded (a new version deployed, the network gone): React keeps the
 * failed import, so only a reload can try again.
 */
function isChunkLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(message);
}

interface BoundaryState {
  failed: boolean;
  reload: boolean;
  page: string;
}

/** React catches render errors only in a class component's getDerivedStateFromError. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, reload: false, page: this.props.page };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, reload: isChunkLoadFailure(error) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.page === state.page ? null : { failed: false, reload: false, page: props.page };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const retry = this.state.reload ? () => window.location.reload() : () => this.setState({ failed: false });
    return <RenderFailure inRouter={this.props.inRouter} landmark={this.props.landmark} onRetry={retry} />;
  }
}

function RoutedBoundary({ landmark, children }: { landmark: boolean; children: ReactNode }) {
  // Every navigation, to the same page too (its menu entry, another tab of it), starts without the error. An
  // address typed in the browser's bar has no key of its own (every such entry is 'default'): its path tells it.
  const { key, pathname, search } = useLocation();
  return (
    <Boundary page={`${key} ${pathname}${search}`} inRouter landmark={landmark}>
      {children}
    </Boundary>
  );
}

/**
 * A render error in `children` (a page that throws, a chunk that cannot be loaded) shows 'Algo ha fallado
 * al mostrar esta página.' with 'Volver al inicio' and 'Reintentar' (a reload, when the page's code could not
 * be downloaded) instead of a blank page. Inside a router the error is forgotten at the next navigation.
 */
export function ErrorBoundary({ landmark = false, children }: { landmark?: boolean; children: ReactNode }) {
  if (useInRouterContext()) return <RoutedBoundary landmark={landmark}>{children}</RoutedBoundary>;
  return (
    <Boundary page="" inRouter={false} landmark={landmark}>
      {children}
    </Boundary>
  );
}

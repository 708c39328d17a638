import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconHome, IconRefresh } from "@tabler/icons-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useInRouterContext, useLocation } from "react-router";

/** What a render error shows instead of a blank page: the reason in Spanish, the way home and a retry. */
function RenderFailure({ inRouter, onRetry }: { inRouter: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const icon = <IconHome size={16} />;
  const label = t("app.render-error.home");
  return (
    <Stack gap="md" p="md" role="alert" data-testid="render-error">
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("app.render-error.title")}>
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
}

interface BoundaryProps {
  /** the page shown: another one starts without the error */
  page: string;
  inRouter: boolean;
  children: ReactNode;
}

/** React catches render errors only in a class component's getDerivedStateFromError. */
class Boundary extends Component<BoundaryProps, { failed: boolean; page: string }> {
  override state = { failed: false, page: this.props.page };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failed: boolean; page: string }) {
    return props.page === state.page ? null : { failed: false, page: props.page };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RenderFailure inRouter={this.props.inRouter} onRetry={() => this.setState({ failed: false })} />;
  }
}

function RoutedBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Boundary page={pathname} inRouter>
      {children}
    </Boundary>
  );
}

/**
 * A render error in `children` (a page that throws, a chunk that cannot be loaded) shows 'Algo ha fallado
 * al mostrar esta página.' with 'Volver al inicio' and 'Reintentar' instead of a blank page. Inside a router
 * the error is forgotten when the page changes.
 */
export function ErrorBoundary({ children }: { children: ReactNode }) {
  if (useInRouterContext()) return <RoutedBoundary>{children}</RoutedBoundary>;
  return (
    <Boundary page="" inRouter={false}>
      {children}
    </Boundary>
  );
}

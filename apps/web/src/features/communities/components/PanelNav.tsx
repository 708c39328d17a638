import { Badge, Card, NavLink } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isCurrent, type PanelMenuItem } from "../panelMenu";

/** The panel's side menu: one link per entry, the current one marked (aria-current) by the path. */
export function PanelNav({ items, base, rest }: { items: PanelMenuItem[]; base: string; rest: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="xs" component="nav" aria-label={t("panel.menu-label")}>
      {items.map((item) => {
        const current = isCurrent(rest, item.path);
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={`${base}/${item.path}`}
            label={t(item.label)}
            active={current}
            aria-current={current ? "page" : undefined}
            data-menu={item.path}
            rightSection={
              item.warning ? (
                <Badge
                  color="red"
                  size="sm"
                  circle
                  title={t("panel.pending-read")}
                  aria-label={t("panel.pending-read")}
                  data-testid="pending-read-badge"
                >
                  !
                </Badge>
              ) : undefined
            }
          />
        );
      })}
    </Card>
  );
}

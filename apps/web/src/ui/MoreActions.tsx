import { ActionIcon, Menu } from "@mantine/core";
import { IconDots } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { addTexts } from "../app/i18n";
import texts from "./MoreActions.es.json";
import type { IconActionProps } from "./RowActions";

addTexts(texts);

/**
 * A compact card's other actions (ItemCard on a phone): its main action stays a button, the rest are the
 * entries of this '…' menu, each with its icon and name (an action running spins its entry's icon).
 */
export function MoreActions({ name, items }: { name: string; items: IconActionProps[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: "more-actions" });
  // The chosen entry goes away with the menu: the focus goes back to '…' before its action runs, so a dialog the
  // action opens gives it back there when it closes (keyboard users keep their place, WCAG 2.4.3).
  const target = useRef<HTMLButtonElement>(null);
  if (items.length === 0) return null;
  const label = t("label", { name });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          ref={target}
          variant="subtle"
          aria-label={label}
          title={label}
          loading={items.some((item) => item.loading)}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.label}
            leftSection={item.icon}
            color={item.color}
            disabled={item.disabled}
            onClick={() => {
              target.current?.focus();
              item.onClick();
            }}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

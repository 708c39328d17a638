import type { ReactNode } from "react";
import { ListCard, type ListCardProps } from "./ListCard";
import { PageFrame } from "./PageFrame";

/**
 * A page that is one list: its title, then the notice of its last action (if any) and the list, titled
 * alike; `children` are what the list opens (its modals).
 */
export function ListPage<S extends string = string>({
  notice,
  children,
  ...card
}: ListCardProps<S> & { notice?: ReactNode; children?: ReactNode }) {
  return (
    <PageFrame title={card.title}>
      {notice}
      <ListCard {...card} />
      {children}
    </PageFrame>
  );
}

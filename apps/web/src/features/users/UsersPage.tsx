import { ROLES_INVITING_COLLEAGUES } from "@coordina/domain";
import { Button } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleOf, useSession } from "../../app/session";
import { PageFrame } from "../../ui/PageFrame";
import { InvitationModal } from "../invitations/InvitationModal";
import { UsersCard } from "./UsersCard";

/** Users of the caller's company (spec 01 §2 /users), with the colleague invitation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const current = useSession();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const canInvite = ROLES_INVITING_COLLEAGUES.includes(roleOf(current));

  return (
    <PageFrame title={t("users-page.title")}>
      <UsersCard
        actions={
          canInvite && (
            <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
              {t("users-page.add")}
            </Button>
          )
        }
      />
      <InvitationModal
        opened={inviting}
        mode="colleague"
        onClose={() => setInviting(false)}
        onSent={() => void queryClient.invalidateQueries({ queryKey: ["users"] })}
      />
    </PageFrame>
  );
}

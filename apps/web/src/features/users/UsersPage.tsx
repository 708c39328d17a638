import { ROLES_INVITING_COLLEAGUES } from "@coordina/domain";
import { Button } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { roleOf, useSession } from "../../app/session";
import { InvitationModal } from "../../shared/invitations/InvitationModal";
import { UsersCard } from "../../shared/users/UsersCard";
import { PageFrame } from "../../ui/PageFrame";

/** Users of the caller's company (spec 01 §2 /users), with the colleague invitation. */
export default function UsersPage() {
  const { t } = useTranslation();
  const current = useSession();
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
      <InvitationModal opened={inviting} mode="colleague" onClose={() => setInviting(false)} />
    </PageFrame>
  );
}

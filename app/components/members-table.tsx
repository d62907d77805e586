import { Anchor, Badge, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { MemberAvatar } from "./member-avatar";
import { MemberRoleForm } from "./member-role-form";
import { RemoveMemberButton } from "./remove-member-button";

export type MemberRow = {
  id: string;
  userId: string;
  name: string;
  email: string;
  role: string;
  createdAt: string;
  isOwner: boolean;
};

/** The site's members: picture, name and e-mail, role (changeable), joined date, remove. */
export function MembersTable({
  items,
  roles,
  selfUserId,
}: {
  items: MemberRow[];
  roles: { name: string }[];
  selfUserId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="members-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("users.member")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("users.role")}</Table.Th>
            <Table.Th visibleFrom="sm">{t("users.joined")}</Table.Th>
            <Table.Th visibleFrom="sm">
              <VisuallyHidden>{t("users.actions")}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => {
            const self = m.userId === selfUserId;
            return (
              <Table.Tr key={m.id} data-testid="member-row" data-email={m.email}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <MemberAvatar userId={m.userId} name={m.name} />
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        <Anchor component={Link} to={`/dashboard/manage/user?id=${m.id}`} fw={600}>
                          {m.name}
                        </Anchor>
                        {self ? (
                          <Badge size="xs" variant="light">
                            {t("users.you")}
                          </Badge>
                        ) : null}
                      </Group>
                      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                        {m.email}
                      </Text>
                    </Stack>
                  </Group>
                  {/* On a phone the role and removal sit under the name instead of in their own columns. */}
                  <Group hiddenFrom="sm" gap="xs" mt="xs" justify="space-between" wrap="wrap">
                    <MemberRoleForm
                      memberId={m.id}
                      memberName={m.name}
                      role={m.role}
                      roles={roles}
                      isOwner={m.isOwner}
                    />
                    {m.isOwner || self ? null : <RemoveMemberButton memberId={m.id} memberName={m.name} compact />}
                  </Group>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <MemberRoleForm memberId={m.id} memberName={m.name} role={m.role} roles={roles} isOwner={m.isOwner} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">
                    {new Date(m.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" })}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  {m.isOwner || self ? null : <RemoveMemberButton memberId={m.id} memberName={m.name} compact />}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

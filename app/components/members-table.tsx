import { Anchor, Badge, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { DataTable, type ListColumn } from "./list-kit";
import { MemberAvatar } from "./member-avatar";
import { MemberTags } from "./member-tags";
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
  tags,
}: {
  items: MemberRow[];
  roles: { name: string }[];
  selfUserId: string;
  /** The members' tags by lower-case e-mail, when the viewer manages the site's contacts. */
  tags?: Record<string, string[]>;
}) {
  const { t, i18n } = useTranslation();
  const removable = (m: MemberRow) => !m.isOwner && m.userId !== selfUserId;
  const roleForm = (m: MemberRow) => (
    <MemberRoleForm memberId={m.id} memberName={m.name} role={m.role} roles={roles} isOwner={m.isOwner} />
  );
  const columns: ListColumn<MemberRow>[] = [
    {
      id: "member",
      header: t("users.member"),
      cell: ({ row: { original: m } }) => (
        <>
          <Group gap="sm" wrap="nowrap">
            <MemberAvatar userId={m.userId} name={m.name} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={`/dashboard/manage/user?id=${m.id}`} fw={600}>
                  {m.name}
                </Anchor>
                {m.userId === selfUserId ? (
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
            {roleForm(m)}
            {removable(m) ? <RemoveMemberButton memberId={m.id} memberName={m.name} compact /> : null}
          </Group>
        </>
      ),
    },
    { id: "role", header: t("users.role"), meta: { visibleFrom: "sm" }, cell: ({ row }) => roleForm(row.original) },
    ...(tags
      ? [
          {
            id: "tags",
            header: t("audienceFields.members.tags"),
            cell: ({ row: { original: m } }) => (
              <MemberTags
                memberId={m.id}
                memberName={m.name}
                memberEmail={m.email}
                tags={tags[m.email.toLowerCase()] ?? []}
              />
            ),
          } satisfies ListColumn<MemberRow>,
        ]
      : []),
    {
      id: "joined",
      header: t("users.joined"),
      meta: { visibleFrom: "sm" },
      cell: ({ row }) => (
        <Text size="sm">
          {new Date(row.original.createdAt).toLocaleDateString(i18n.language, { dateStyle: "medium" })}
        </Text>
      ),
    },
    {
      id: "actions",
      header: t("users.actions"),
      meta: { visibleFrom: "sm", hiddenHeader: true },
      cell: ({ row: { original: m } }) =>
        removable(m) ? <RemoveMemberButton memberId={m.id} memberName={m.name} compact /> : null,
    },
  ];
  return (
    <DataTable
      data={items}
      columns={columns}
      getRowId={(m) => m.id}
      label={t("users.member")}
      minWidth={300}
      striped={false}
      testId="members-table"
      rowAttributes={(m) => ({ "data-testid": "member-row", "data-email": m.email })}
    />
  );
}

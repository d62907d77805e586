import { Avatar, type MantineSize } from "@mantine/core";
import { initials } from "../lib/initials";

/** A member's picture from the site's avatar address, or their initials when there is none. */
export function MemberAvatar({
  userId,
  name,
  size = "md",
}: {
  userId: string;
  name: string;
  size?: MantineSize | number;
}) {
  return (
    <Avatar
      src={`/avatars/${encodeURIComponent(userId)}/avatar.jpg`}
      alt={name}
      size={size}
      radius="xl"
      color="initials"
      name={name}
    >
      {initials(name)}
    </Avatar>
  );
}

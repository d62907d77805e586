// Links between the screens of one section (the shop, the e-mail area): the current one bold and
// marked for assistive technology.
import { Group } from "@mantine/core";
import { NavLink } from "react-router";

export type SectionTab<K extends string> = { key: K; to: string; label: string };

export function SectionTabs<K extends string>({
  label,
  tabs,
  active,
}: {
  label: string;
  tabs: readonly SectionTab<K>[];
  active: K;
}) {
  return (
    <nav aria-label={label}>
      <Group gap="md" mb="md" wrap="wrap">
        {tabs.map((tab) => (
          <NavLink
            key={tab.key}
            to={tab.to}
            end
            aria-current={tab.key === active ? "page" : undefined}
            style={{ fontWeight: tab.key === active ? 700 : 400 }}
          >
            {tab.label}
          </NavLink>
        ))}
      </Group>
    </nav>
  );
}
